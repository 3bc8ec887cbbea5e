/** The part of madge's API that test/architecture.test.ts uses (madge ships no types). */
declare module 'madge' {
  interface MadgeResult {
    obj(): Record<string, string[]>;
    circular(): string[][];
  }
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, unknown>;
  }
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
