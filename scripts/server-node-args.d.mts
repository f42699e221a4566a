/** Types of server-node-args.mjs for the TypeScript tests that start the built server. */
export function serverNodeArgs(): string[];
export function serverNodeEnv(): Record<string, string>;
