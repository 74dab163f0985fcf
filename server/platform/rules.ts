import { type SQL, sql } from 'drizzle-orm';

/**
 * An access rule written once and read two ways. A rule is a small boolean tree over named facts (booleans, or
 * string values compared with a fixed list). `evaluate` reads it on facts already known for one case (a service
 * deciding about one Pact, the socket gateway checking one room); `toSql` turns the same tree into a SQL
 * condition over SQL expressions of those facts (a repo filtering many rows). A domain's policy.ts writes the
 * tree and the facts; nothing else restates the rule.
 */

type FactValue = boolean | string;
export type Facts = Record<string, FactValue>;

type BoolKey<F extends Facts> = { [K in keyof F]: F[K] extends boolean ? K : never }[keyof F] & string;
type StringKey<F extends Facts> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

export type Rule<F extends Facts> =
  | { op: 'fact'; name: BoolKey<F> }
  | { op: 'in'; name: StringKey<F>; values: readonly string[] }
  | { op: 'not'; rule: Rule<F> }
  | { op: 'all'; rules: Rule<F>[] }
  | { op: 'any'; rules: Rule<F>[] };

/** The SQL expression of each fact, for the rows a query reads. */
export type FactsSql<F extends Facts> = { [K in keyof F]: SQL };

type Operand<F extends Facts> = Rule<F> | BoolKey<F>;

const lift = <F extends Facts>(r: Operand<F>): Rule<F> =>
  typeof r === 'string' ? { op: 'fact', name: r } : r;

/** A rule builder bound to one set of facts, so fact names are checked. */
export function ruleBuilder<F extends Facts>() {
  return {
    fact: (name: BoolKey<F>): Rule<F> => ({ op: 'fact', name }),
    oneOf: <K extends StringKey<F>>(name: K, values: readonly F[K][]): Rule<F> => {
      const words = values.map(String);
      for (const w of words)
        if (!/^[a-z_]+$/.test(w)) throw new Error(`rule value must be a plain word: ${w}`);
      return { op: 'in', name, values: words };
    },
    not: (rule: Operand<F>): Rule<F> => ({ op: 'not', rule: lift(rule) }),
    all: (...rules: Operand<F>[]): Rule<F> => ({ op: 'all', rules: rules.map(lift) }),
    any: (...rules: Operand<F>[]): Rule<F> => ({ op: 'any', rules: rules.map(lift) }),
  };
}

export function evaluate<F extends Facts>(rule: Rule<F>, facts: F): boolean {
  switch (rule.op) {
    case 'fact':
      return facts[rule.name] === true;
    case 'in':
      return rule.values.includes(facts[rule.name] as string);
    case 'not':
      return !evaluate(rule.rule, facts);
    case 'all':
      return rule.rules.every((r) => evaluate(r, facts));
    case 'any':
      return rule.rules.some((r) => evaluate(r, facts));
  }
}

export function toSql<F extends Facts>(rule: Rule<F>, facts: FactsSql<F>): SQL {
  switch (rule.op) {
    case 'fact':
      return sql`(${facts[rule.name]})`;
    case 'in': {
      // Fixed words of the rule itself (checked by the builder), written as literals so plans match partial indexes.
      const list = sql.raw(rule.values.map((v) => `'${v}'`).join(', '));
      return sql`${facts[rule.name]} in (${list})`;
    }
    case 'not':
      return sql`not (${toSql(rule.rule, facts)})`;
    case 'all':
      return sql`(${sql.join(
        rule.rules.map((r) => toSql(r, facts)),
        sql` and `,
      )})`;
    case 'any':
      return sql`(${sql.join(
        rule.rules.map((r) => toSql(r, facts)),
        sql` or `,
      )})`;
  }
}
