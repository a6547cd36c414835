/**
 * The slots of an `upload` step (`step.props.slots`): `{ id, label, required? }`, label an i18n
 * key; a plain string id is a required slot labelled `view.upload.slot.<id>`. Read by the view
 * and by the path tests, which also send a step without the slots it lets the applicant leave out.
 */
import { asRecord } from './step-props.ts';

export interface Slot {
  id: string;
  label: string;
  required: boolean;
}

export function slotsOf(raw: unknown): Slot[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s): Slot[] => {
    if (typeof s === 'string') return [{ id: s, label: `view.upload.slot.${s}`, required: true }];
    const rec = asRecord(s);
    if (typeof rec.id !== 'string') return [];
    return [
      {
        id: rec.id,
        label: typeof rec.label === 'string' ? rec.label : `view.upload.slot.${rec.id}`,
        required: rec.required !== false,
      },
    ];
  });
}
