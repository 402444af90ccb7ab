import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'PROJECT_SKILL_DIRS',
    'availableSkills',
    'default',
    'defaultGlobalSkillDirs',
    'discoverSkills',
    'parseSkillFile',
    'skillActivation',
    'skillsPromptSection',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['use_skill']);
});
