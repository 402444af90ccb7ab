import { describe, expect, it } from 'vitest';
import { preprocessPatch } from './preprocess-patch.js';

describe('preprocessPatch', () => {
  it('strips the %%bash / apply_patch / EOF wrapper and CRs', () => {
    const input = '%%bash\napply_patch <<"EOF"\r\n*** Begin Patch\r\n*** Delete File: a\r\n*** End Patch\r\nEOF\n';
    expect(preprocessPatch(input)).toEqual(['*** Begin Patch', '*** Delete File: a', '*** End Patch']);
  });

  it('adds both sentinels when there are none', () => {
    expect(preprocessPatch('```\n*** Delete File: a\n```\n\n')).toEqual(['*** Begin Patch', '*** Delete File: a', '*** End Patch']);
  });

  it('refuses a patch with only one sentinel', () => {
    expect(() => preprocessPatch('*** Begin Patch\n*** Delete File: a')).toThrow('Invalid patch text - incomplete sentinels');
    expect(() => preprocessPatch('*** Delete File: a\n*** End Patch')).toThrow('incomplete sentinels');
  });

  it('drops trailing empty lines inside the patch', () => {
    expect(preprocessPatch('*** Begin Patch\n*** Delete File: a\n\n\n*** End Patch')).toEqual([
      '*** Begin Patch',
      '*** Delete File: a',
      '*** End Patch',
    ]);
  });
});
