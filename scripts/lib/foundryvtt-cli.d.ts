// The parts of @foundryvtt/foundryvtt-cli (3.0.3, ships no types) that scripts/build.mjs uses.
declare module "@foundryvtt/foundryvtt-cli" {
  export interface CompileOptions {
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    nedb?: boolean;
    transformEntry?: (entry: Record<string, unknown>) => Promise<boolean | void> | boolean | void;
  }
  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: Record<string, unknown>): Promise<void>;
}
