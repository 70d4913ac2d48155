/** The second reviewer's sign-off on the review desk (decision 073). */
export { SignOffPanel } from './sign-off-panel';
export { SignOffSamplingNote } from './sampling-note';
