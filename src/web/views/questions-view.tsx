/**
 * The `questions` step view: the identity questions (`state.context.preguntas`), one radio
 * group each. Submits `{ respuestas: [{ codigoPregunta, codigoRespuesta }] }` (the request
 * schema's names; numbers when the service's ids are numbers) once every question has an
 * answer. Drawn without antd: each answer a light radio row.
 */
import { useState, type FormEvent } from 'react';
import '../forms/light-form.css';
import { RadioRow } from './light-controls.tsx';
import type { ViewProps } from './view-types.ts';
import { StepAwaiting } from './step-awaiting.tsx';
import { StepTitle } from './step-title.tsx';
import { asRecord, listFrom, pick } from './step-props.ts';

interface Question {
  code: string;
  text: string;
  options: { code: string; text: string }[];
}

/** Questions under the names the identity service uses (`codigo`/`id`, `pregunta`/`descripcion`, `alternativas`/`opciones`). */
export function readQuestions(raw: unknown[]): Question[] {
  return raw.map((item, i) => {
    const q = asRecord(item);
    const rawOptions = [q.alternativas, q.opciones, q.respuestas].find(Array.isArray) ?? [];
    return {
      code: pick(q, ['idPregunta', 'codigoPregunta', 'codigo', 'id']) ?? String(i + 1),
      text: pick(q, ['pregunta', 'descripcion', 'texto']) ?? '',
      options: rawOptions.map((o, j) => {
        if (typeof o === 'string') return { code: String(j + 1), text: o };
        const rec = asRecord(o);
        return {
          code: pick(rec, ['idRespuesta', 'codigoRespuesta', 'codigo', 'id']) ?? String(j + 1),
          text: pick(rec, ['respuesta', 'descripcion', 'texto']) ?? '',
        };
      }),
    };
  });
}

/** Ids go back as the service sent them: numeric ids as numbers. */
function asId(code: string): string | number {
  return /^\d+$/.test(code) ? Number(code) : code;
}

export default function QuestionsView({ flow, step, stepId, state, send, busy, t }: ViewProps) {
  const questions = readQuestions(listFrom(state.context, step.props, 'preguntas'));
  const kept = asRecord(state.forms[stepId]?.seleccion);
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(kept).filter((e): e is [string, string] => typeof e[1] === 'string')),
  );
  const [submitted, setSubmitted] = useState(false);
  const missing = questions.filter((q) => answers[q.code] === undefined);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (missing.length > 0 || busy) {
      document
        .getElementById(`${stepId}-q-${missing[0]?.code ?? ''}`)
        ?.querySelector('input')
        ?.focus();
      return;
    }
    send({
      type: 'submit',
      data: {
        respuestas: questions.map((q) => ({
          codigoPregunta: asId(q.code),
          codigoRespuesta: asId(answers[q.code]!),
        })),
      },
    });
  }

  // No questions yet: on their way while the step's call runs, else the service gave none
  // (an empty form would send no answers and fail the applicant for nothing).
  if (questions.length === 0)
    return (
      <StepAwaiting
        step={step}
        state={state}
        t={t}
        className="step-questions"
        none={<p>{t('error.questions')}</p>}
      />
    );

  return (
    <section className="step-view step-questions lf-vars" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      <p>{t('view.questions.intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        {questions.map((q, i) => {
          const unanswered = submitted && answers[q.code] === undefined;
          return (
            <fieldset
              key={q.code}
              id={`${stepId}-q-${q.code}`}
              className="question"
              aria-invalid={unanswered || undefined}
            >
              <legend>
                {i + 1}. {q.text}
              </legend>
              <RadioRow
                id={`${stepId}-q-${q.code}-options`}
                name={`${stepId}-q-${q.code}`}
                value={answers[q.code] ?? ''}
                options={q.options.map((o) => ({ value: o.code, label: o.text }))}
                disabled={busy}
                column
                onChange={(code) => {
                  const next = { ...answers, [q.code]: code };
                  setAnswers(next);
                  send({ type: 'change', data: { seleccion: next } });
                }}
              />
              {unanswered ? (
                <div role="alert" className="view-field-error">
                  {t('view.questions.required')}
                </div>
              ) : null}
            </fieldset>
          );
        })}
        <button type="submit" className="lf-submit" disabled={busy}>
          {t('app.continue')}
        </button>
      </form>
    </section>
  );
}
