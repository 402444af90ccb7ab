import { expect, it } from 'vitest';
import { createServiceRef, ERROR_CODES } from '../index.js';

it('makes a frozen ref from a dotted id', () => {
  const ref = createServiceRef<{ now(): number }>({ id: 'acme.clock', scope: 'root' });
  expect(ref).toEqual({ id: 'acme.clock', scope: 'root', $$type: 'quiver.service-ref' });
  expect(Object.isFrozen(ref)).toBe(true);
});

it.each(['clock', '.clock', 'acme.', 'acme clock'])('refuses the id %j with SERVICE_REF_INVALID', (id) => {
  expect(() => createServiceRef({ id, scope: 'root' })).toThrow(
    expect.objectContaining({ code: ERROR_CODES.SERVICE_REF_INVALID, key: id }),
  );
});
