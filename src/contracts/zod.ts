import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and probes whether it
// may when the first object schema is made. Pages forbid eval (CSP without 'unsafe-eval') and
// browsers report even that caught probe as a violation (decision 0022). Every module imports
// zod from here (Biome's noRestrictedImports keeps it so), so this runs before any schema is
// made, in the browser bundle, whatever its chunks, and on the server alike.
z.config({ jitless: true });

export { ZodError, z } from 'zod';
