import { z } from 'zod';

// Imported first by main.tsx, before any schema exists: the server's Content-Security-Policy
// forbids eval, so zod must not probe `new Function` (the probe shows as a CSP violation).
z.config({ jitless: true });
