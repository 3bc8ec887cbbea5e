/**
 * Migration statements that only a superuser may run (marking or pricing catalog and extension functions and
 * operators), wrapped to run only when the migrating role is one: elsewhere they are skipped, and what they make
 * faster stays correct, only slower (docs/decisions.md, "Row-level security and leakproof functions").
 */
export function superuserOnly(statements: string[]): string {
  return `do $$ begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    ${statements.join('\n    ')}
  end if;
end $$;`;
}
