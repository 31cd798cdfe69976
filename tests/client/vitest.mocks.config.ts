import { clientProject } from './vitest.project.ts';

/** The client's test files that mock a module (vi.mock), each with a module cache of its own. */
export default clientProject({ mocking: true });
