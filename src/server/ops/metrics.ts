/**
 * Prometheus metrics (`prom-client`, one registry per server): requests by call id and status,
 * their latency, the evaluations waiting or running, the sizes of the database's group-commit
 * batches and the SMS sent, plus the process's own (memory, CPU, event-loop lag).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  requests: Counter<'call' | 'method' | 'status'>;
  duration: Histogram<'call' | 'method'>;
  evaluations: Gauge;
  batchSize: Histogram;
  sms: Counter;
}

/** A fresh registry with the service's metrics; `evaluations` is read when scraped. */
export function createMetrics(evaluations: () => number): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Solicitudes atendidas, por llamada (id del registro, o la ruta) y estado HTTP.',
      labelNames: ['call', 'method', 'status'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Tiempo de respuesta por llamada, en segundos.',
      labelNames: ['call', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    evaluations: new Gauge({
      name: 'evaluation_queue_length',
      help: 'Evaluaciones de políticas programadas o en curso.',
      registers: [registry],
      collect() {
        this.set(evaluations());
      },
    }),
    batchSize: new Histogram({
      name: 'db_batch_size',
      help: 'Solicitudes atendidas por cada lote de escritura de la base de datos.',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers: [registry],
    }),
    sms: new Counter({
      name: 'sms_sent_total',
      help: 'SMS enviados (al buzón del sandbox o a la pasarela).',
      registers: [registry],
    }),
  };
}
