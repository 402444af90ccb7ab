export { createTestHarness } from './create-test-harness.js';
export type { TestHarness, TestHarnessOptions } from './create-test-harness.js';
export { createRecordingUi } from './recording-ui.js';
export type { RecordingUi, ApprovePolicy, AskPolicy } from './recording-ui.js';
export { processesWith } from './processes-with.js';
