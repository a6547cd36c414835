/**
 * The special modals of the spec, built on the alert modal: the token dialog, the
 * married-status modal, the terms modal, the barcode modal and the upload dialog. Each
 * reports what the applicant entered through `onData` before its button closes it.
 */
import { useId, useState } from 'react';
import { t } from '../lib/i18n.ts';
import { OtpInput } from '../views/otp-input.tsx';
import { AlertModal, type AlertModalProps } from './alert-modal.tsx';

type Base = Omit<AlertModalProps, 'children'> & { onData: (data: Record<string, unknown>) => void };

/** The SMS code entry in a dialog: the phone-code step's own input (`OtpInput`). */
export function TokenDialog(props: Base) {
  const id = useId();
  const [code, setCode] = useState('');
  return (
    <AlertModal {...props}>
      <label className="field" htmlFor={id}>
        <span>{t('modal.token.label')}</span>
        <OtpInput
          id={id}
          value={code}
          onChange={(value) => {
            setCode(value);
            props.onData({ token: value });
          }}
        />
      </label>
    </AlertModal>
  );
}

/** Asks for the spouse's document when the applicant is married. */
export function MarriedModal(props: Base) {
  const [doc, setDoc] = useState('');
  return (
    <AlertModal {...props}>
      <label className="field">
        <span>{t('modal.married.spouseDocument')}</span>
        <input
          className="lf-input"
          value={doc}
          inputMode="numeric"
          maxLength={8}
          onChange={(e) => {
            setDoc(e.target.value);
            props.onData({ documentoConyuge: e.target.value });
          }}
        />
      </label>
    </AlertModal>
  );
}

/** Long terms text in a scrollable box; the button accepts them. */
export function TermsModal(props: Base) {
  return (
    <AlertModal
      {...props}
      width={Math.max(props.width ?? 0, 560)}
      message={<span className="modal-terms">{props.message}</span>}
    />
  );
}

/** A payment code to show at an agent: large, monospaced, easy to copy. */
export function BarcodeModal(props: Base & { code?: string }) {
  return (
    <AlertModal {...props}>
      {props.code && (
        <p className="modal-barcode" aria-label={t('modal.barcode.label')}>
          {props.code}
        </p>
      )}
    </AlertModal>
  );
}

/** Picks one image or PDF; the file goes to the flow as a data URL. */
export function UploadDialog(props: Base) {
  const [name, setName] = useState<string | null>(null);
  return (
    <AlertModal {...props}>
      <label className="field">
        <span>{t('modal.upload.label')}</span>
        <input
          type="file"
          accept="image/*,application/pdf"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setName(file.name);
            const reader = new FileReader();
            reader.onload = () => props.onData({ archivo: reader.result, nombreArchivo: file.name });
            reader.readAsDataURL(file);
          }}
        />
      </label>
      {name && <p>{name}</p>}
    </AlertModal>
  );
}
