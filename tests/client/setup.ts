import { configure } from '@testing-library/dom';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; a lazily loaded route on a busy 2-core
// machine (the test command runs the projects side by side) can take longer to appear. A
// passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts what a test rendered after each test, through a hook it registers
// when first imported. The files share one module cache (isolate: false), so that happens in
// the first file only: each file registers the unmounting here, and starts from a clean page.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
