/**
 * The SMS code input: one field, digits only, with `autocomplete="one-time-code"` so the
 * phone offers the code from the message, and the numeric keyboard on mobiles.
 */
import { Input } from 'antd';

export const OTP_LENGTH = 6;

export interface OtpInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  status?: 'error' | undefined;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export function OtpInput({ value, onChange, ...rest }: OtpInputProps) {
  return (
    <Input
      {...rest}
      value={value}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      className="otp-input"
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
    />
  );
}
