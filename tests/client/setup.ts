import { configure } from '@testing-library/dom';

// findBy* and waitFor give up after 1 s by default; a lazily loaded route on a busy 2-core
// machine (the test command runs the projects side by side) can take longer to appear. A
// passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });
