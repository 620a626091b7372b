import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: on a loaded 2-core machine (the end-to-end tests
// run beside these) a modal's validation can take longer to show. Slow is not wrong; a missing
// text still fails, later.
configure({ asyncUtilTimeout: 10_000 });
