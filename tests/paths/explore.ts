/**
 * The planner: plays a flow headlessly, engine against the in-process service, once per
 * scenario identity along the default choices (submit, close the modal, wait for the socket),
 * and once more for each alternative it meets (each button of a modal, each trigger of a step,
 * the socket's timeout, each value of a form choice the flow's rules read, and two such
 * choices of one step together at the values the rules compare them with: form-combos.ts), so
 * every edge a sandbox identity can reach gets a path from the start step. The lender's staff
 * act between the applicant's visits as the sandbox lets a tester play them (the back office
 * moves a vehicle application, the analyst reviews an observation), and a link is opened as
 * sent, tampered, expired, or as soon as it arrives. Records the edges each answer takes, and
 * every call the service refused (a flow sending what the service rejects).
 */
import { start, transition } from '../../src/engine/index.ts';
import type { CompiledFlow, Effect, FlowEvent, FlowState } from '../../src/engine/index.ts';
import { isAnswerStatus, readPath, toText } from '../../src/engine/index.ts';
import { assignContext, decide, logicData } from '../../src/engine/run-action.ts';
import type { CompiledCall, CompiledOutcome } from '../../src/engine/index.ts';
import { canFail, FAILURE_CODE, FAILURE_HEADER } from '../../src/server/sandbox/forced-failure.ts';
import { md5Hex, productsFor, SEEDED_PROMOTERS } from '../../src/server/promoters.ts';
import { EVALUABLE_STATES } from '../../src/server/domain/vehicle/prospects.ts';
import { SCENARIOS } from '../../src/server/sandbox/scenarios.ts';
import { OBSERVATION } from '../../src/server/sandbox/handlers/lde/application.ts';
import { signLink, type LinkClaims } from '../../src/server/domain/lde/links.ts';
import { Applicant, type TestApp } from './applicant.ts';
import { declaredUnreachable, edgeId } from './edges.ts';
import { FRESH, readsOf } from './reads.ts';
import { formChoices, inputVariants, viewSubmit, type Person } from './view-input.ts';
import { choiceCombos, comparedValues } from './form-combos.ts';

/** How long a socket wait is given before the run takes the timeout branch (the sandbox answers within SANDBOX_EVALUATION_DELAY_MS, 0 here, even on a busy machine). */
const SOCKET_WAIT_MS = 8000;
/** Events per run, and visits of one step per run, before a run stops (loops). */
const MAX_EVENTS = 80;
const MAX_VISITS = 3;
/** The prefix of a back-office decision tried once per identity (see `Explorer.continued`). */
const CONTINUE = 'continue:';
/** The analyst's review that leaves an observation with nothing to correct (see `Explorer.analyst`). */
const OBSERVATION_REVIEWED = OBSERVATION.noneToFix;
/** Applicants played at the same time on one service. */
const LANES = 4;

export interface Plan {
  identity: string;
  /** Option index chosen at each decision point (default 0). */
  choose: Record<string, number>;
  /**
   * For a flow opened from a link (`params` has `token`): the run of another flow that sends
   * the link by SMS. It is played first by the same person; the link from the outbox opens
   * this flow in a new browser (a cookie jar of its own).
   */
  link?: LinkSource;
  /**
   * How the link is opened: as sent, or (once per address of the links a flow opens) with its
   * signature altered ("06"), or re-signed by the service's own signing helper as issued one
   * lifetime ago, so it has expired ("07"): what an applicant meets who edits the link or
   * opens it late.
   */
  variant?: LinkVariant;
  /**
   * For a link texted by the back office's decision the applicant waited for (its host run
   * holds a {@link CONTINUE} decision: 33, the registration approved, texts the signature
   * link): the link is followed as soon as it arrives. The run of the flow that sends it stops
   * once the decision's move has put the link in the outbox (the applicant leaves that page for
   * the SMS), so the page the link opens finds the application as the decision left it (ready
   * to sign), instead of as that page left it once it went on (signed). Once per identity, when
   * that page went on to prove something the link's page has not (see `followOnArrival`).
   */
  onArrival?: true;
  /** The edges a run is planned to prove: it is left out when other runs proved them all first. */
  proves?: string[];
  /**
   * For a flow a partner opens by an application's number (`?codigoProspecto=`, which the
   * service never texts: the partner types it): `opened` plays the run up to the moment its
   * application exists, then opens the page again in the same browser with that number;
   * `unknown` opens the page with a number no application has.
   */
  partner?: 'opened' | 'unknown';
}

export type LinkVariant = 'tampered' | 'expired';

/** A run of a flow that ends with an SMS link (see {@link Plan.link}). */
export interface LinkSource {
  host: string;
  /** Who applied in the host flow (the scenario identity that decides the link flow's branches too). */
  identity: string;
  choose: Record<string, number>;
  /** The link's address, as the outbox held it when it was harvested. */
  sample: string;
}

export interface Played {
  plan: Plan;
  edges: string[];
  /** Steps visited, in order (the path, for the report). */
  path: string[];
  problems: string[];
  /** How the run ended (step, modal, pending call, done), for the debug listing. */
  end: string;
  /** Links the run's SMS carried (from the sandbox outbox). */
  links: string[];
  /** Decision points met with more than one option: [key, how many options]. */
  offers: [string, number][];
  /** The application the run opened (`context.codigoProspecto` at its end), if any. */
  prospect?: string;
  /** For a link's run: the edges the run of the flow that sent the link took first. */
  sent: string[];
  /** The texts of every screen of this flow the run stood on (tests/paths/reads.ts). */
  reads: string[];
}

/** The URL parameter with which a partner opens an application by its number. */
const PARTNER_PARAM = 'codigoProspecto';
/** An application number no service holds (ids are random from 100 000 000: lde/input.ts). */
const UNKNOWN_PROSPECT = '99999';

/** Whether a run's choices hold the back office's decision the applicant waited for (see `Explorer.continued`). */
export const decidedByBackOffice = (choose: Readonly<Record<string, number>>): boolean =>
  Object.entries(choose).some(([key, pick]) => key.startsWith(CONTINUE) && !key.endsWith('=') && pick > 0);

let phones = 0;
const nextPhone = (): string => `9${String(10_000_000 + ++phones * 7919).slice(-8)}`;

export class Explorer {
  /** Which run first covered each edge (the path that proves it). */
  readonly covered = new Map<string, Played>();
  readonly problems: string[] = [];
  /** The SMS links this flow's runs sent, one per identity and address (for the flows they open). */
  readonly links: LinkSource[] = [];
  /** The texts each identity's runs showed (`fresh` for the identities no scenario lists). */
  readonly met = new Map<string, Set<string>>();
  private readonly scheduled = new Set<string>();
  /** Link addresses (path and parameter) whose tampered and expired runs are planned. */
  private readonly varied = new Set<string>();
  /** Identities whose link is also followed on arrival (see {@link Plan.onArrival}). */
  private readonly followed = new Set<string>();
  private readonly queue: Plan[] = [];
  /** Form fields the flow's logic reads (`form.x`): their choices are branches worth trying. */
  private readonly readFields: Set<string>;
  /** The values the flow's logic compares each form field with (for {@link choiceCombos}). */
  private readonly compared: Map<string, unknown[]>;

  private app!: TestApp;
  private port = 0;
  private closeApp: (() => Promise<void>) | null = null;
  /** Identities that have applied on the current service (a second application by one DNI meets the first). */
  private readonly used = new Set<string>();
  private fresh = 0;
  /** Whether the partner's runs (see {@link Plan.partner}) are planned. */
  private partnerPlanned = false;

  /**
   * @param open starts a fresh in-process service (a scenario identity that must apply again,
   *   to try another branch, does so on a fresh service, as a new applicant would)
   * @param listed the scenario identities; any other identity is replaced by a fresh unlisted DNI per run
   * @param hosts the other flows, for the runs that send this flow's links
   */
  constructor(
    private readonly flow: CompiledFlow,
    private readonly open: () => Promise<{ app: TestApp; port: number; close(): Promise<void> }>,
    private readonly params: Record<string, string>[],
    private readonly listed: ReadonlySet<string>,
    private readonly hosts: ReadonlyMap<string, CompiledFlow> = new Map(),
    /** The URL parameter a link to this flow carries its token in (`cotizacion` for a quote's link). */
    private readonly defaultLinkParam = 'token',
  ) {
    const text = JSON.stringify(flow.flow);
    this.readFields = new Set([...text.matchAll(/"form\.([A-Za-z_]\w*)"/g)].map((m) => m[1]!));
    this.compared = comparedValues(flow.flow);
  }

  /** A valid DNI no scenario lists and no run has used: the happy path. */
  private freshDni(): string {
    for (;;) {
      const dni = String(40_000_000 + ++this.fresh * 7_777 + Math.floor(Math.random() * 7_000));
      if (!this.listed.has(dni) && !this.used.has(dni)) return dni;
    }
  }

  async run(identities: readonly string[], links: readonly LinkSource[] = []): Promise<void> {
    for (const identity of identities) this.queue.push({ identity, choose: {} });
    // A link flow is also opened by each link the other flows sent, by the person who got it.
    for (const link of links)
      if (this.tokenOf(link.sample) !== undefined) this.queue.push(...this.linkPlans(link));
    const opened = await this.open();
    ({ app: this.app, port: this.port } = opened);
    this.closeApp = () => opened.close();
    try {
      await this.drain();
    } finally {
      await this.closeApp();
    }
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const later: Plan[] = [];
      while (this.queue.length > 0) {
        // A few applicants at a time, as on a real site (each waits mostly on the database);
        // the alternatives they meet are scheduled afterwards in plan order, so every run
        // plans the same paths.
        const batch: Plan[] = [];
        while (batch.length < LANES && this.queue.length > 0) {
          const plan = this.queue.shift()!;
          if (plan.proves?.every((e) => this.covered.has(e)) === true) continue;
          if (!this.listed.has(plan.identity)) plan.identity = this.freshDni();
          if (this.used.has(plan.identity)) later.push(plan);
          else {
            this.used.add(plan.identity);
            batch.push(plan);
          }
        }
        const results = await Promise.all(batch.map((plan) => this.playAll(plan)));
        for (const played of results.flat()) {
          for (const e of played.edges) if (!this.covered.has(e)) this.covered.set(e, played);
          const who = this.listed.has(played.plan.identity) ? played.plan.identity : FRESH;
          const met = this.met.get(who) ?? new Set<string>();
          for (const t of played.reads) met.add(t);
          this.met.set(who, met);
          this.problems.push(...played.problems);
          for (const [key, options] of played.offers) this.schedule(played.plan, key, options);
          const follow = this.followOnArrival(played);
          if (follow !== undefined) this.queue.push(follow);
          if (
            !this.partnerPlanned &&
            this.flow.params.includes(PARTNER_PARAM) &&
            played.plan.link === undefined &&
            played.plan.partner === undefined &&
            played.prospect !== undefined
          ) {
            this.partnerPlanned = true;
            this.queue.push(
              { identity: played.plan.identity, choose: played.plan.choose, partner: 'opened' },
              { identity: SCENARIOS.happyPathExample, choose: {}, partner: 'unknown' },
            );
          }
          if (played.plan.link === undefined) {
            for (const sample of played.links) {
              const path = new URL(sample, 'http://sitio.local').pathname.split('/').slice(0, 2).join('/');
              const known = this.links.some(
                (l) =>
                  l.identity === played.plan.identity &&
                  new URL(l.sample, 'http://sitio.local').pathname.startsWith(path),
              );
              if (!known) {
                const link = {
                  host: this.flow.id,
                  identity: played.plan.identity,
                  choose: played.plan.choose,
                  sample,
                };
                this.links.push(link);
                // A link back into this same flow (`?process=`, step 0): opened by the person who got it.
                if (this.linkParam(sample) === 'process' && this.tokenOf(sample) !== undefined)
                  this.queue.push(...this.linkPlans(link));
              }
            }
          }
        }
      }
      if (later.length === 0) break;
      await this.closeApp?.();
      const opened = await this.open();
      ({ app: this.app, port: this.port } = opened);
      this.closeApp = () => opened.close();
      this.used.clear();
      this.queue.push(...later);
    }
  }

  /**
   * The runs opening `link`: as sent, and the first link of each address also tampered and
   * expired. A variant opens the token of the link as it was harvested (no run of the flow that
   * sent it again: the link does not open, so who got it does not matter), played by a fresh
   * unlisted applicant. (A link may also be followed on arrival: {@link followOnArrival}.)
   */
  private linkPlans(link: LinkSource): Plan[] {
    const url = new URL(link.sample, 'http://sitio.local');
    const key = `${url.pathname}?${this.linkParam(link.sample)}`;
    const plan: Plan = { identity: link.identity, choose: {}, link };
    if (this.varied.has(key)) return [plan];
    this.varied.add(key);
    const anyone = { ...plan, identity: SCENARIOS.happyPathExample };
    return [plan, { ...anyone, variant: 'tampered' }, { ...anyone, variant: 'expired' }];
  }

  /**
   * The link of `played` followed on arrival (see {@link Plan.onArrival}), when the back
   * office's decision the applicant waited for texted it and the flow that sent it went on
   * through steps this flow has too (the signature fragment), proving there an edge this flow
   * has not: the page the link opens would meet it, had the applicant followed the link.
   * Once per identity; left out when other runs prove those edges before it is played.
   */
  private followOnArrival(played: Played): Plan | undefined {
    const { plan } = played;
    if (
      plan.link === undefined ||
      plan.variant !== undefined ||
      plan.onArrival === true ||
      this.linkParam(plan.link.sample) !== 'token' ||
      !decidedByBackOffice(plan.link.choose) ||
      this.followed.has(plan.identity)
    )
      return undefined;
    const host = `${plan.link.host}|`;
    const proves = played.sent.flatMap((e) => {
      if (!e.startsWith(host)) return [];
      const [step = ''] = e.slice(host.length).split('|');
      const here = `${this.flow.id}|${e.slice(host.length)}`;
      return this.flow.steps.has(step) && !this.covered.has(here) ? [here] : [];
    });
    if (proves.length === 0) return undefined;
    this.followed.add(plan.identity);
    return { ...plan, choose: {}, onArrival: true, proves };
  }

  /**
   * The token as the variant opens it: the signature altered (a character of its middle
   * changed), or the same claims signed with the service's secret by its own helper
   * (`signLink`) as if issued one lifetime before the service's clock.
   */
  private async variantOf(token: string, variant: LinkVariant | undefined): Promise<string> {
    if (variant === undefined) return token;
    const [header = '', payload = '', signature = ''] = token.split('.');
    if (variant === 'tampered') {
      const at = Math.floor(signature.length / 2);
      const swapped = signature[at] === 'A' ? 'B' : 'A';
      return `${header}.${payload}.${signature.slice(0, at)}${swapped}${signature.slice(at + 1)}`;
    }
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaims & {
      iat: number;
      exp: number;
    };
    const lifetime = (claims.exp - claims.iat) * 1000;
    const now = this.app.services?.clock.now() ?? Date.now();
    return signLink(this.app.settings.jwtSecret, claims, now - lifetime - 60_000, lifetime);
  }

  private async playAll(plan: Plan): Promise<Played[]> {
    const out: Played[] = [];
    for (const params of plan.link ? [{}] : this.params) {
      const played = await this.play(plan, plan.link ? {} : params);
      if (process.env.PATHS_DEBUG)
        console.log(
          plan.identity,
          plan.variant ?? (plan.onArrival ? 'on arrival' : ''),
          JSON.stringify(plan.choose),
          played.path.join(' > '),
          '|',
          played.end,
          played.edges.length,
        );
      out.push(played);
    }
    return out;
  }

  private schedule(plan: Plan, key: string, options: number): void {
    for (let i = 1; i < options; i++) {
      // A back office's decision the applicant waits for is tried once per identity (see {@link continued});
      // the decisions a lookup's table names once more on a link followed on arrival, which finds
      // the application as a typical one stands when texted (its simulation registered, ready to sign).
      const id = key.startsWith(CONTINUE)
        ? `${key}#${i}@${plan.identity}`
        : plan.onArrival === true && /^backoffice:[^:]+:[^:]+$/.test(key)
          ? `${key}#${i}@arrival`
          : `${key}#${i}`;
      if (this.scheduled.has(id)) continue;
      this.scheduled.add(id);
      this.queue.push({ ...plan, choose: { ...plan.choose, [key]: i } });
    }
  }

  /** The decision key of a lookup the back office may answer for (see {@link backOffice}), if `call` is one. */
  private backOfficeKey(flow: CompiledFlow, state: FlowState, call: CompiledCall): string | undefined {
    const id = state.context.codigoProspecto;
    const stored = call.endpoint.answersStoredState === true && call.outcome.on === call.endpoint.codeField;
    if (
      !(stored || (call.trigger === 'enter' && (call.outcome.on ?? '').endsWith('estadoProspecto'))) ||
      (typeof id !== 'number' && typeof id !== 'string')
    )
      return undefined;
    return `backoffice:${flow.id}:${state.step}`;
  }

  /**
   * The lender's back office, as the sandbox lets a tester play it (`POST /__sandbox/prospects/:id/state`):
   * before a step looks the application up on entering, the explorer may move the application
   * to each state the step's table names, one run per state (the move the back office would
   * make between the applicant's visits: approving the registration, the signature…). A call
   * whose registry entry `answersStoredState` may meet any state of its codes at any use (the
   * back office may move the application anywhere): there the explorer tries each state of the
   * registry whose edge no run has proven yet, one run each.
   * A move the service refuses (not a transition the back office makes) is left out. A move to
   * 0, 12 or 28 holds the policy evaluation pending (`retenerEvaluacion`), so the lookup
   * answers the state as upstream does before the evaluation engine answers.
   */
  private async backOffice(
    flow: CompiledFlow,
    state: FlowState,
    call: CompiledCall,
    applicant: Applicant,
    plan: Plan,
    offer: (key: string, options: number) => void,
  ): Promise<boolean> {
    const id = state.context.codigoProspecto;
    const key = this.backOfficeKey(flow, state, call);
    if (key === undefined) return false;
    const stored = call.endpoint.answersStoredState === true && call.outcome.on === call.endpoint.codeField;
    const named = call.outcome.rules.flatMap((r) =>
      r.code !== undefined && /^\d+$/.test(r.code) ? [Number(r.code)] : [],
    );
    offer(key, 1 + named.length);
    let pick = plan.choose[key] ?? 0;
    let to = pick > 0 ? named[pick - 1] : undefined;
    const cont = `${CONTINUE}${key}`;
    if ((plan.choose[cont] ?? 0) > 0) {
      // The decision is kept in the plan, so a replay of this run (the host run of a link, played
      // by another flow's explorer, which has not proven this flow's edges) makes the same one.
      to = plan.choose[`${cont}=`] ?? this.continued(flow, state.step, call);
      if (to !== undefined) plan.choose[`${cont}=`] = to;
    }
    if (stored)
      for (const code of call.endpoint.codes) {
        const each = `${key}:${code}`;
        if (named.includes(Number(code))) continue;
        if (!this.covered.has(edgeId(flow.id, state.step, call.trigger, `code:${code}`))) offer(each, 2);
        pick = plan.choose[each] ?? 0;
        if (pick > 0) to = Number(code);
      }
    // A move to a state the policy evaluation runs from holds the evaluation pending, as
    // upstream before the evaluation engine answers: the lookup answers that state.
    if (to === undefined) return false;
    await applicant.request('POST', `/__sandbox/prospects/${String(id)}/state`, {
      estadoProspecto: to,
      ...(EVALUABLE_STATES.has(to) ? { retenerEvaluacion: true } : {}),
    });
    return true;
  }

  /**
   * The lender's analyst, as the sandbox lets a tester play them
   * (`POST /__sandbox/prospects/:id/observation`): before a call that answers the observation of
   * the application's evaluation (its registry entry `answersAnalystReview`), on a page opened
   * from a link (a later visit: the analyst may have reviewed the observation meanwhile, or does
   * so while the applicant picks the files to send), one run more in which the analyst has left
   * nothing to correct. Once per use of the call.
   */
  private async analyst(
    flow: CompiledFlow,
    state: FlowState,
    call: CompiledCall,
    applicant: Applicant,
    plan: Plan,
    offer: (key: string, options: number) => void,
  ): Promise<void> {
    const id = state.context.codigoProspecto;
    if (
      call.endpoint.answersAnalystReview !== true ||
      !flow.params.includes('token') ||
      (typeof id !== 'number' && typeof id !== 'string')
    )
      return;
    const key = `analyst:${flow.id}:${state.step}|${call.trigger}`;
    offer(key, 2);
    if ((plan.choose[key] ?? 0) === 1)
      await applicant.request('POST', `/__sandbox/prospects/${String(id)}/observation`, {
        detalle: OBSERVATION_REVIEWED,
      });
  }

  /** Whether the outbox of `person` holds a link this explorer's flow opens. */
  private async linked(applicant: Applicant, person: Person): Promise<boolean> {
    await this.app.services?.settle();
    const outbox = await applicant.request('GET', `/__sandbox/outbox?celular=${person.celular}`);
    return (
      Array.isArray(outbox.body) &&
      (outbox.body as { enlace?: string | null }[]).some(
        (m) => typeof m.enlace === 'string' && this.tokenOf(m.enlace) !== undefined,
      )
    );
  }

  /**
   * The state a back-office lookup's table goes on from that leads furthest: of its cases with a
   * `goto`, the one whose proving run went through the most different steps (e.g. 33, registration
   * approved, on to the signature); the first before any is proven. It is the decision an
   * applicant waits for at that step. A run in which the lookup answered a state its table does
   * not name (the applicant is told to wait) is played again, once per scenario identity, with
   * the back office making that decision first: the identities whose rows act after it (the
   * identity questions, the signing code) then reach their step. Other alternatives are tried
   * once per flow.
   */
  private continued(flow: CompiledFlow, step: string, call: CompiledCall): number | undefined {
    let best: { code: number; steps: number } | undefined;
    for (const r of call.outcome.rules) {
      if (r.code === undefined || !/^\d+$/.test(r.code) || r.then.kind !== 'goto') continue;
      const proof = this.covered.get(edgeId(flow.id, step, call.trigger, `code:${r.code}`));
      const steps = new Set(proof?.path).size;
      if (best === undefined || steps > best.steps) best = { code: Number(r.code), steps };
    }
    return best?.code;
  }

  /**
   * The generic failure ("99", 001 §4) of a call that can answer it, forced with the sandbox's
   * `X-Sandbox-Falla` header (src/server/sandbox/forced-failure.ts): one run more per call whose
   * "99" no scenario identity has proven yet. A table read on another field (a lookup's
   * `data.estadoProspecto`) meets the failure in a json-logic rule over the code field (the
   * lookup could not be read): the run is offered while that rule is unproven.
   */
  private failure(
    flow: CompiledFlow,
    step: string,
    call: CompiledCall,
    plan: Plan,
    offer: (key: string, options: number) => void,
  ): Record<string, string> {
    if (!canFail(call.endpoint)) return {};
    let edge = `code:${FAILURE_CODE}`;
    if (call.outcome.on !== call.endpoint.codeField) {
      const field = `"response.${call.endpoint.codeField}"`;
      const rule = call.outcome.rules.find(
        (r) => r.test !== undefined && JSON.stringify(r.if).includes(field),
      );
      if (rule === undefined) return {};
      edge = `rule:${rule.path}`;
    }
    const key = `fail:${step}|${call.trigger}`;
    if (!this.covered.has(edgeId(flow.id, step, call.trigger, edge))) offer(key, 2);
    return (plan.choose[key] ?? 0) === 1 ? { [FAILURE_HEADER]: FAILURE_CODE } : {};
  }

  /** Which rule an answer takes, read as the engine reads it (after `assign`). */
  private taken(
    state: FlowState,
    assign: Parameters<typeof assignContext>[1],
    outcome: CompiledOutcome,
    response: unknown,
  ): { code: string | null; rule: string | null } {
    const copy: FlowState = { ...state, context: { ...state.context } };
    const data = logicData(copy, { response });
    if (assign.length > 0) {
      assignContext(copy, assign, data);
      data.context = copy.context;
    }
    const action = decide(outcome, data);
    const rule = outcome.rules.find((r) => r.then === action && r.test !== undefined);
    const raw = outcome.on === null ? undefined : readPath(response, outcome.on);
    return { code: raw === null || raw === undefined ? null : toText(raw), rule: rule?.path ?? null };
  }

  /**
   * A flow that needs a promoter is played by a seeded promoter whose entity sells its product
   * (contigo: entity 1), logged in before the first step as on the promoter page.
   */
  private async promoterLogin(flow: CompiledFlow, applicant: Applicant): Promise<void> {
    const producto = Number(flow.flow.context?.codigoProducto);
    const seed = SEEDED_PROMOTERS.find((p) =>
      productsFor(p.codigoEntidad).some((x) => x.ti_solpro === producto),
    );
    if (seed === undefined) throw new Error(`${flow.id}: no seeded promoter sells product ${producto}`);
    await applicant.request('POST', '/api/private/v1.1/inicioSesion', {
      codigoPlataforma: 1,
      usuario: seed.usuario,
      passwordMd5: md5Hex(seed.password),
    });
  }

  /**
   * The URL parameter a link of the outbox fills: `process` for a link back into a wizard (step
   * 0), else the one this flow's links carry (`token`, or `cotizacion` for a quote's link).
   */
  private linkParam(link: string): string {
    const url = new URL(link, 'http://sitio.local');
    return url.searchParams.has('process') && this.flow.params.includes('process')
      ? 'process'
      : this.defaultLinkParam;
  }

  /** The link flow's `token` (or `process`, `cotizacion`) from a link of the outbox (`?token=`, `?process=` or the path's last segment). */
  private tokenOf(link: string): string | undefined {
    const url = new URL(link, 'http://sitio.local');
    const route = this.flow.flow.routes[0] ?? '';
    const prefix = route.replace(/\/:.*$/, '');
    // The route itself or a path under it (/consumo-alfin is not a link to /consumo).
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined;
    const param = this.linkParam(link);
    if (param === 'process')
      return url.pathname === prefix ? (url.searchParams.get('process') ?? undefined) : undefined;
    if (param !== 'token') return url.searchParams.get(param) ?? undefined;
    return (
      url.searchParams.get('token') ?? (url.pathname.slice(prefix.length).replace(/^\//, '') || undefined)
    );
  }

  private async play(plan: Plan, params: Record<string, string>): Promise<Played> {
    const person: Person = { documento: plan.identity, celular: nextPhone() };
    if (plan.partner === 'unknown')
      return this.playFlow(this.flow, plan, { [PARTNER_PARAM]: UNKNOWN_PROSPECT }, person);
    if (plan.partner === 'opened') {
      const browser = new Applicant(this.app, this.port);
      const opened = await this.playFlow(this.flow, plan, {}, person, browser, true);
      if (opened.prospect === undefined)
        return {
          ...opened,
          problems: [
            ...opened.problems,
            `${this.flow.id} ${opened.path.join(' → ')} (DNI ${person.documento}) no longer opens an application`,
          ],
        };
      const again = await this.playFlow(
        this.flow,
        plan,
        { [PARTNER_PARAM]: opened.prospect },
        person,
        browser,
      );
      return { ...again, edges: [...opened.edges, ...again.edges], path: [...opened.path, ...again.path] };
    }
    if (plan.link === undefined) return this.playFlow(this.flow, plan, params, person);
    if (plan.variant !== undefined) {
      const harvested = this.tokenOf(plan.link.sample)!;
      const opened = await this.variantOf(harvested, plan.variant);
      return this.playFlow(this.flow, plan, { [this.linkParam(plan.link.sample)]: opened }, person);
    }
    const host = this.hosts.get(plan.link.host)!;
    const sent = await this.playFlow(
      host,
      { identity: plan.identity, choose: plan.link.choose },
      {},
      person,
      undefined,
      false,
      plan.onArrival === true,
    );
    const token = sent.links.map((l) => this.tokenOf(l)).find((t) => t !== undefined);
    if (token === undefined) {
      const problem = `${host.id} ${sent.path.join(' → ')} (DNI ${person.documento}) no longer sends the link to ${this.flow.id} it sent before (${plan.link.sample})`;
      return {
        plan,
        edges: [],
        path: [],
        problems: [problem, ...sent.problems],
        links: [],
        offers: [],
        end: 'no link',
        sent: sent.edges,
        reads: [],
      };
    }
    const opened = await this.playFlow(
      this.flow,
      plan,
      { [this.linkParam(plan.link.sample)]: token },
      person,
    );
    return { ...opened, sent: sent.edges };
  }

  private async playFlow(
    flow: CompiledFlow,
    plan: Plan,
    params: Record<string, string>,
    person: Person,
    /** The browser (cookie jar) to play in: a new one unless given. */
    applicant = new Applicant(this.app, this.port),
    /** Stop as soon as the run has opened an application (see {@link Plan.partner}). */
    untilOpened = false,
    /** Stop as soon as the outbox holds a link this explorer's flow opens (see {@link Plan.onArrival}). */
    untilLinked = false,
  ): Promise<Played> {
    if (flow.flow.requiresPromoter) await this.promoterLogin(flow, applicant);
    const own = flow === this.flow;
    const played: Played = {
      plan,
      edges: [],
      path: [],
      problems: [],
      links: [],
      offers: [],
      end: '',
      sent: [],
      reads: [],
    };
    /** Notes the texts of the screen the run stands on. */
    const read = (): void => {
      if (own) played.reads.push(...readsOf(flow, state));
    };
    const offer = (key: string, options: number): void => {
      if (options > 1 && own) played.offers.push([key, options]);
    };
    const visits = new Map<string, number>();
    let events = 0;
    let timers: string[] = [];
    let state: FlowState;
    let stop = false;
    const where = (): string => `${flow.id} ${played.path.join(' → ')} (DNI ${person.documento})`;

    const send = async (event: FlowEvent): Promise<void> => {
      if (++events > MAX_EVENTS) {
        stop = true;
        return;
      }
      let t;
      try {
        t = transition(flow, state, event);
      } catch (error) {
        played.problems.push(`${where()}: the engine refused ${event.type}: ${String(error)}`);
        stop = true;
        return;
      }
      const before = state.step;
      state = t.state;
      if (state.step !== before || played.path.length === 0) played.path.push(state.step);
      await effects(t.effects);
    };

    const effects = async (list: Effect[]): Promise<void> => {
      for (const e of list) {
        if (stop) return;
        if (e.type === 'cancel-timers') timers = [];
        else if (e.type === 'timer') timers.push(e.id);
        else if (e.type === 'reload') stop = true;
        else if (e.type === 'call') {
          const pending = state.pending;
          if (pending === null || pending.requestId !== e.requestId) continue;
          const call = flow.steps.get(pending.step)!.calls.get(pending.trigger)!;
          const moved = await this.backOffice(flow, state, call, applicant, plan, offer);
          await this.analyst(flow, state, call, applicant, plan, offer);
          // The back office's move texted the link: the applicant follows it from here.
          if (untilLinked && moved && (await this.linked(applicant, person))) {
            stop = true;
            return;
          }
          const res = await applicant.call(e, this.failure(flow, pending.step, call, plan, offer));
          if (isAnswerStatus(res.status)) {
            const { code, rule } = this.taken(state, call.assign, call.outcome, res.body);
            const on = call.outcome.on;
            // A code's edge is its case (or `else`): an answer a json-logic rule takes first proves the rule only.
            if (on === null) played.edges.push(edgeId(flow.id, pending.step, pending.trigger, 'answer'));
            else if (code !== null && rule === null)
              played.edges.push(edgeId(flow.id, pending.step, pending.trigger, `code:${code}`));
            if (
              on !== null &&
              on === call.endpoint.codeField &&
              code !== null &&
              !call.endpoint.codes.includes(code)
            )
              played.problems.push(
                `${where()}: ${e.endpoint} answered ${on} ${code}, which the registry does not list`,
              );
            const answers = call.spec.answers;
            if (on === call.endpoint.codeField && code !== null && answers && !answers.codes.includes(code))
              played.problems.push(
                `${where()}: ${e.endpoint} answered ${on} ${code} at "${pending.step}", where its "answers" says only ${answers.codes.join(', ')} can come (${answers.why}): add the code to "answers"`,
              );
            if (rule !== null)
              played.edges.push(edgeId(flow.id, pending.step, pending.trigger, `rule:${rule}`));
            const declared =
              rule === null ? undefined : declaredUnreachable(call.outcome, call.spec.outcome).get(rule);
            if (declared !== undefined)
              played.problems.push(
                `${where()}: ${e.endpoint} answered what the rule ${rule} of "${pending.step}" says can never come (${declared}): remove its "unreachable"`,
              );
            // The applicant is told to wait for the back office: try its decision for this identity.
            if (
              rule === null &&
              code !== null &&
              this.listed.has(plan.identity) &&
              this.backOfficeKey(flow, state, call) !== undefined &&
              !call.outcome.rules.some((r) => r.code === code) &&
              this.continued(flow, pending.step, call) !== undefined
            )
              offer(`${CONTINUE}${this.backOfficeKey(flow, state, call)!}`, 2);
            await send({ type: 'response', requestId: e.requestId, status: res.status, body: res.body });
          } else if (
            res.status === 400 &&
            call.endpoint.refusesWithoutLink === true &&
            call.outcome.onError !== null &&
            flow.params.every((name) => params[name] === undefined)
          ) {
            // A visit without a link: the service refuses the missing token by design and the
            // flow goes on through the call's onError (the registry's `refusesWithoutLink`).
            await send({
              type: 'failure',
              requestId: e.requestId,
              kind: 'BadRequestError',
              message: res.text.slice(0, 300),
              status: res.status,
            });
          } else {
            played.problems.push(
              `${where()}: ${e.method} ${e.path} (${e.endpoint}) answered ${res.status}: ${res.text.slice(0, 300)}`,
            );
            stop = true;
          }
        } else if (e.type === 'socket') {
          const step = flow.steps.get(e.step)!;
          const key = `${e.step}|wait`;
          const message = (plan.choose[key] ?? 0) === 0 ? await applicant.wait(e, SOCKET_WAIT_MS) : undefined;
          offer(key, 2);
          if (message === undefined) {
            played.edges.push(edgeId(flow.id, e.step, 'wait', 'timeout'));
            await send({ type: 'socket-timeout', step: e.step });
          } else {
            const { code, rule } = this.taken(state, step.wait!.assign, step.wait!.outcome, message);
            if (code !== null && rule === null)
              played.edges.push(edgeId(flow.id, e.step, 'wait', `code:${code}`));
            if (rule !== null) played.edges.push(edgeId(flow.id, e.step, 'wait', `rule:${rule}`));
            const declared =
              rule === null
                ? undefined
                : declaredUnreachable(step.wait!.outcome, step.wait!.spec.outcome).get(rule);
            if (declared !== undefined)
              played.problems.push(
                `${where()}: the socket answered what the rule ${rule} of "${e.step}" says can never come (${declared}): remove its "unreachable"`,
              );
            await send({ type: 'socket', step: e.step, message });
          }
        }
      }
    };

    const first = start(flow, { session: `paths-${++phones}`, params });
    state = first.state;
    played.path.push(state.step);
    await effects(first.effects);

    const openedId = (): unknown => state.context.codigoProspecto;
    while (!stop && !state.done) {
      read();
      if (state.pending !== null || state.waiting !== null) break; // nothing left to answer it
      if (untilOpened && openedId() !== undefined && openedId() !== null) break;
      if (state.modal !== null) {
        const modal = flow.modals.get(state.modal.id);
        const key = `modal:${state.modal.id}`;
        const options = 1 + (modal?.buttons.length ?? 0);
        const pick = plan.choose[key] ?? 0;
        offer(key, options);
        await send({ type: 'modal-closed', ...(pick === 0 ? {} : { button: pick - 1 }) });
        continue;
      }
      const step = flow.steps.get(state.step)!;
      const seen = (visits.get(step.id) ?? 0) + 1;
      visits.set(step.id, seen);
      if (seen > MAX_VISITS) break;
      // The step's ways on: its timers (as they fire), then its main button, then its other triggers.
      const triggers = [...step.calls.keys()].filter((k) => k !== 'enter' && k !== 'submit');
      const hasSubmit = step.calls.has('submit') || step.next !== null;
      const options: { kind: 'timer' | 'submit' | 'action'; name: string }[] = [
        ...timers.map((id) => ({ kind: 'timer' as const, name: id })),
        ...(hasSubmit ? [{ kind: 'submit' as const, name: 'submit' }] : []),
        ...triggers.map((name) => ({ kind: 'action' as const, name })),
      ];
      const message =
        step.step.view === 'message' && typeof step.step.props?.action === 'string'
          ? step.step.props.action
          : undefined;
      if (message !== undefined && !options.some((o) => o.name === message))
        options.push({ kind: 'action', name: message });
      if (options.length === 0) break;
      const key = `step:${step.id}`;
      offer(key, options.length);
      const option = options[Math.min(plan.choose[key] ?? 0, options.length - 1)]!;
      if (option.kind === 'timer') {
        timers = timers.filter((t) => t !== option.name);
        played.edges.push(edgeId(flow.id, step.id, 'timer', `timer:${option.name}`));
        await send({ type: 'timer', id: option.name });
        continue;
      }
      const overrides: Record<string, unknown> = {};
      if (step.step.form !== undefined && option.kind === 'submit') {
        const fields = formChoices(step.step.form).filter(([field]) => this.readFields.has(field));
        for (const [field, choices] of fields) {
          const fkey = `form:${step.id}.${field}`;
          offer(fkey, choices.length);
          overrides[field] = choices[plan.choose[fkey] ?? 0];
        }
        // Two fields at once, each at a value the flow compares it with (see form-combos.ts).
        const combos = choiceCombos(fields, this.compared);
        const ckey = `forms:${step.id}`;
        offer(ckey, 1 + combos.length);
        const combo = combos[(plan.choose[ckey] ?? 0) - 1] ?? {};
        for (const [field, i] of Object.entries(combo))
          overrides[field] = fields.find(([f]) => f === field)![1][i];
      }
      const ikey = `input:${step.id}`;
      const variants = option.kind === 'submit' ? inputVariants(step) : 1;
      offer(ikey, variants);
      const data = await viewSubmit(
        step,
        state,
        person,
        applicant,
        overrides,
        Math.min(plan.choose[ikey] ?? 0, variants - 1),
      );
      if (option.kind === 'submit') {
        if (data === null && !step.calls.has('submit') && step.next === null) break;
        await send({ type: 'submit', data: data ?? {} });
      } else {
        await send({ type: 'action', name: option.name, ...(data === null ? {} : { data }) });
      }
    }
    read();
    const id = openedId();
    if (typeof id === 'string' || typeof id === 'number') played.prospect = String(id);
    played.end = `${state.step}${state.modal ? ` modal ${state.modal.id}` : ''}${state.pending ? ` pending ${state.pending.endpoint}` : ''}${state.done ? ' done' : ''} after ${events} events`;
    // The links the run's SMS carried, for the flows they open: once the service's own work
    // is done (an evaluation's answer can be read a moment before its SMS is stored).
    await this.app.services?.settle();
    const outbox = await applicant.request('GET', `/__sandbox/outbox?celular=${person.celular}`);
    if (Array.isArray(outbox.body))
      for (const m of outbox.body as { enlace?: string | null }[])
        if (typeof m.enlace === 'string') played.links.push(m.enlace);
    return played;
  }
}
