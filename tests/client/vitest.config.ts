import { clientProject } from './vitest.project.ts';

/** The client's test files that mock no module, sharing a module cache per worker. */
export default clientProject({ mocking: false });
