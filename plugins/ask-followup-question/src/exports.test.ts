import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['QUESTION_NOTIFICATION', 'default', 'noUserAnswer']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['ask_followup_question']);
  expect(api.default.tools[0].approval.category).toBe('none');
});
