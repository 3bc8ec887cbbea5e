/**
 * Settings a module reads from the environment, declared in its definition (`settings`) beside the code that uses
 * them rather than in the one Config of src/config.ts: the composition root reads every module's settings when it
 * builds the services, so a bad value stops the start naming the variable, and test/module-settings.spec.ts
 * fails while a declared setting is missing from docs/configuration.md.
 */
export type Env = Readonly<Record<string, string | undefined>>;

export interface Setting<T> {
  /** The environment variable. */
  name: string;
  /** One line for docs/configuration.md. */
  description: string;
  read(env: Env): T;
}

export type SettingsOf<S extends Record<string, Setting<unknown>>> = { [K in keyof S]: ReturnType<S[K]['read']> };

function raw(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

/** An integer in [min, max]; `fallback` when unset. */
export function intSetting(
  name: string,
  fallback: number,
  description: string,
  range: { min?: number; max?: number } = {},
): Setting<number> {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
  return {
    name,
    description,
    read(env) {
      const v = raw(env, name);
      if (v === undefined) return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max)
        throw new Error(`${name} must be an integer from ${min} to ${max}, got "${v}"`);
      return n;
    },
  };
}

export function boolSetting(name: string, fallback: boolean, description: string): Setting<boolean> {
  return {
    name,
    description,
    read(env) {
      const v = raw(env, name)?.toLowerCase();
      if (v === undefined) return fallback;
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      throw new Error(`${name} must be true or false, got "${v}"`);
    },
  };
}

/** Every setting read from `env`; the first bad value throws. */
export function readSettings<S extends Record<string, Setting<unknown>>>(specs: S, env: Env): SettingsOf<S> {
  return Object.fromEntries(Object.entries(specs).map(([k, s]) => [k, s.read(env)])) as SettingsOf<S>;
}
