/**
 * What an including flow gives the parameters of each fragment it includes: the value (passed,
 * else the default), where to report a problem with it in the including file, and what the
 * fragment uses it for. Rules that check names (unknown-endpoint, unknown-step, …) check these
 * values against the including flow, so a wrong value is reported where it is written.
 */
import { paramUses, type ParamUseKind } from '../engine/fragment-params.ts';
import type { Flow } from '../engine/flow-types.ts';
import { entriesOf } from './flow-walk.ts';
import { asFlow, includesOf, paramDefaults, passedTo } from './project.ts';
import type { PathSegment, RuleContext } from './types.ts';

/** One parameter of one included fragment, as the including flow binds it. */
export interface Binding {
  /** The include name (`fragments/firma`). */
  fragment: string;
  param: string;
  /** The passed value, else the default; undefined when neither exists. */
  value: string | undefined;
  /** True when the including flow passes the value. */
  passed: boolean;
  /** Where to report: the passed value, else the include entry. */
  path: PathSegment[];
  /** What the fragment uses the parameter for. */
  kinds: ReadonlySet<ParamUseKind>;
}

/** The bindings of every parameter of every fragment `ctx.file` includes directly. */
export function bindingsOf(ctx: RuleContext): Binding[] {
  if (!ctx.flow) return [];
  const out: Binding[] = [];
  includesOf(ctx.file).forEach((name, i) => {
    const file = ctx.project.byId.get(name);
    const fragment = file ? asFlow(file) : null;
    if (!fragment) return;
    const declared = entriesOf(fragment.parameters).map(([p]) => p);
    if (declared.length === 0) return;
    const defaults = paramDefaults(fragment);
    const passed = passedTo(ctx.flow, name);
    const uses = paramUses(fragment as unknown as Flow);
    for (const param of declared) {
      const isPassed = Object.hasOwn(passed, param);
      out.push({
        fragment: name,
        param,
        value: isPassed ? passed[param] : defaults[param],
        passed: isPassed,
        path: isPassed ? ['includeParams', name, param] : ['include', i],
        kinds: new Set(uses.filter((u) => u.name === param).map((u) => u.kind)),
      });
    }
  });
  return out;
}

/** How a message names where a bound value comes from. */
export function bindingSource(b: Binding): string {
  return b.passed
    ? `passed to the parameter "${b.param}" of "${b.fragment}"`
    : `the default of the parameter "${b.param}" of "${b.fragment}": pass another in "includeParams"`;
}
