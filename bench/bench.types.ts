/** A benchmark prints its own figures (as ratios against a baseline measured in the same run). */
export type Bench = () => Promise<void>;
