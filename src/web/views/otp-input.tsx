/**
 * The SMS code input: one field, digits only, with `autocomplete="one-time-code"` so the
 * phone offers the code from the message, and the numeric keyboard on mobiles. A plain input
 * with the light form's look (`lf-input`, inside an `lf-form` or `lf-vars`), not antd's: the
 * phone-code step, often the first after the lead form, then draws no antd at all.
 */
import '../forms/light-form.css';

export const OTP_LENGTH = 6;

export interface OtpInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export function OtpInput({ value, onChange, ...rest }: OtpInputProps) {
  return (
    <input
      {...rest}
      type="text"
      value={value}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      className="lf-input otp-input"
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
    />
  );
}
