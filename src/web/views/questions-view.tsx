/**
 * The `questions` step view: the identity questions (`state.context.preguntas`), one radio
 * group each. Submits `{ respuestas: [{ codigoPregunta, codigoRespuesta }] }` (the request
 * schema's names; numbers when the service's ids are numbers) once every question has an
 * answer.
 */
import { useState, type FormEvent } from 'react';
import { Button, Radio, Space } from 'antd';
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

export default function QuestionsView({ step, stepId, state, send, busy, t }: ViewProps) {
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
    <section className="step-view step-questions">
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
              <Radio.Group
                value={answers[q.code]}
                disabled={busy}
                onChange={(e) => {
                  const next = { ...answers, [q.code]: e.target.value as string };
                  setAnswers(next);
                  send({ type: 'change', data: { seleccion: next } });
                }}
              >
                <Space orientation="vertical">
                  {q.options.map((o) => (
                    <Radio key={o.code} value={o.code}>
                      {o.text}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
              {unanswered ? (
                <div role="alert" className="view-field-error">
                  {t('view.questions.required')}
                </div>
              ) : null}
            </fieldset>
          );
        })}
        <Button type="primary" htmlType="submit" block disabled={busy}>
          {t('app.continue')}
        </Button>
      </form>
    </section>
  );
}
