/** Indexes of the report filters: filled in below with the migration Migration20261123020000_analytics. */
export {};
