import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Messages } from '../messages';
import {
  AddressDto,
  ChangePasswordDto,
  ChangePasswordRequest,
  CheckoutDetailsDto,
  ContactDto,
  ForgotPasswordDto,
  PhoneSignInDto,
  ResetPasswordDto,
  ResetPasswordRequest,
  SignInDto,
  SignUpDto,
  SmsVerifyDto,
} from '.';

/** Messages per failing property, in a stable shape for exact comparison. */
function errorsOf<T extends object>(dto: ClassConstructor<T>, plain: object): Record<string, string[]> {
  const errors = validateSync(plainToInstance(dto, plain));
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {}).sort()]));
}

describe('SignInDto', () => {
  const good = { email: 'dana@example.co.il', password: 'secret' };

  it('accepts good input', () => expect(errorsOf(SignInDto, good)).toEqual({}));

  it('requires both fields', () => {
    expect(errorsOf(SignInDto, {})).toEqual({ email: [Messages.required], password: [Messages.required] });
    expect(errorsOf(SignInDto, { email: '  ', password: '' })).toEqual({
      email: [Messages.required],
      password: [Messages.required],
    });
  });

  it.each(['dana', 'dana@example', 'dana@example.c'])('rejects email %j', (email) => {
    expect(errorsOf(SignInDto, { ...good, email })).toEqual({ email: ['שדה דוא״ל לא תקין'] });
  });
});

describe('SignUpDto', () => {
  const good = { firstName: 'דנה', lastName: "O'Brien", email: 'dana@example.com', password: 'long enough', agreeTOU: true };

  it("accepts good input and subscribes only on the patient's active consent (Communications Law §30A)", () => {
    expect(errorsOf(SignUpDto, good)).toEqual({});
    expect(plainToInstance(SignUpDto, good).subscribe).toBe(false);
    expect(plainToInstance(SignUpDto, { ...good, subscribe: true }).subscribe).toBe(true);
    expect(plainToInstance(SignUpDto, { ...good, subscribe: false }).subscribe).toBe(false);
  });

  it('requires every field and agreement', () => {
    expect(errorsOf(SignUpDto, {})).toEqual({
      firstName: [Messages.required],
      lastName: [Messages.required],
      email: [Messages.required],
      password: [Messages.required],
      agreeTOU: ['יש להסכים לתקנון ולתנאי השימוש'],
    });
    expect(errorsOf(SignUpDto, { ...good, agreeTOU: false })).toEqual({ agreeTOU: [Messages.agreeTerms] });
  });

  it('asks for a password of at least 8 characters', () => {
    expect(errorsOf(SignUpDto, { ...good, password: '1234567' })).toEqual({ password: [Messages.passwordTooShort] });
    expect(errorsOf(SignUpDto, { ...good, password: '12345678' })).toEqual({});
  });

  it.each(['Dana1', 'דנה!', 'a-b'])('rejects name %j', (name) => {
    expect(errorsOf(SignUpDto, { ...good, firstName: name, lastName: name })).toEqual({
      firstName: ['שדה לא חוקי'],
      lastName: ['שדה לא חוקי'],
    });
  });
});

describe('ForgotPasswordDto', () => {
  it('validates the email', () => {
    expect(errorsOf(ForgotPasswordDto, { email: 'dana@example.com' })).toEqual({});
    expect(errorsOf(ForgotPasswordDto, {})).toEqual({ email: ['שדה חובה'] });
    expect(errorsOf(ForgotPasswordDto, { email: 'nope' })).toEqual({ email: [Messages.invalidEmail] });
  });
});

describe('ResetPasswordDto', () => {
  it('requires both fields, and the confirmation to equal the new password (as the password change does)', () => {
    expect(errorsOf(ResetPasswordDto, { newPassword: 'a new secret', confirmPassword: 'a new secret' })).toEqual({});
    expect(errorsOf(ResetPasswordDto, { newPassword: 'a new secret', confirmPassword: 'another one' }))
      .toEqual({ confirmPassword: [Messages.passwordsMismatch] });
    expect(errorsOf(ChangePasswordDto, { currentPassword: 'x', newPassword: 'a new secret', confirmPassword: 'another one' }))
      .toEqual({ confirmPassword: [Messages.passwordsMismatch] });
    expect(errorsOf(ResetPasswordDto, {})).toEqual({
      newPassword: [Messages.required],
      confirmPassword: [Messages.required],
    });
  });

  it('has a request body of token, new password and its confirmation, checked as the form checks it', () => {
    const newPassword = 'a new secret';
    expect(errorsOf(ResetPasswordRequest, { token: 't', newPassword, confirmPassword: newPassword })).toEqual({});
    expect(errorsOf(ResetPasswordRequest, { token: 't', newPassword: 'short', confirmPassword: 'short' })).toEqual({ newPassword: [Messages.passwordTooShort] });
    expect(errorsOf(ResetPasswordRequest, { token: 't', newPassword, confirmPassword: 'a newer secret' }))
      .toEqual({ confirmPassword: [Messages.passwordsMismatch] });
    expect(errorsOf(ResetPasswordRequest, {})).toEqual({
      token: [Messages.required],
      newPassword: [Messages.required],
      confirmPassword: [Messages.required],
    });
  });
});

describe('PhoneSignInDto and SmsVerifyDto', () => {
  it.each(['0501234567', '050-1234567', '031234567'])('accepts phone %s', (phone) => {
    expect(errorsOf(PhoneSignInDto, { phone })).toEqual({});
    expect(errorsOf(SmsVerifyDto, { phone, code: '123456' })).toEqual({});
  });

  it.each(['501234567', '05012345678', '+972501234567'])('rejects phone %s', (phone) => {
    expect(errorsOf(PhoneSignInDto, { phone })).toEqual({ phone: ['שדה טלפון לא תקין'] });
  });

  it('requires the phone', () => {
    expect(errorsOf(PhoneSignInDto, {})).toEqual({ phone: [Messages.required] });
  });

  it.each(['1234', '12345', '1234567', '12a456'])('rejects code %j', (code) => {
    expect(errorsOf(SmsVerifyDto, { phone: '0501234567', code })).toEqual({ code: [Messages.invalidSmsCode] });
  });

  it('requires the code', () => {
    expect(errorsOf(SmsVerifyDto, { phone: '0501234567' })).toEqual({ code: [Messages.required] });
  });
});

describe('ContactDto', () => {
  const good = { name: 'דנה לוי', email: 'dana@example.com', phone: '050-1234567', message: 'שלום' };

  it('accepts good input', () => expect(errorsOf(ContactDto, good)).toEqual({}));

  it('uses the contact required messages', () => {
    expect(errorsOf(ContactDto, {})).toEqual({
      name: ['שדה שם מלא חובה'],
      email: ['שדה דוא״ל חובה'],
      phone: ['שדה טלפון חובה'],
      message: ['שדה הודעה חובה'],
    });
  });

  it('checks email and phone formats', () => {
    expect(errorsOf(ContactDto, { ...good, email: 'x@y', phone: '12345' })).toEqual({
      email: [Messages.invalidEmail],
      phone: [Messages.invalidPhone],
    });
  });
});

describe('ChangePasswordDto', () => {
  const good = { currentPassword: 'old', newPassword: 'the new one', confirmPassword: 'the new one' };

  it('accepts a matching confirmation', () => {
    expect(errorsOf(ChangePasswordDto, good)).toEqual({});
    expect(errorsOf(ChangePasswordRequest, { currentPassword: 'old', newPassword: 'the new one' })).toEqual({});
  });

  it('asks for a new password of at least 8 characters', () => {
    expect(errorsOf(ChangePasswordRequest, { currentPassword: 'old', newPassword: 'new' })).toEqual({ newPassword: [Messages.passwordTooShort] });
  });

  it('rejects a different confirmation', () => {
    expect(errorsOf(ChangePasswordDto, { ...good, confirmPassword: 'the new two' })).toEqual({
      confirmPassword: ['הסיסמאות אינן תואמות'],
    });
  });

  it('requires all three fields', () => {
    expect(errorsOf(ChangePasswordDto, {})).toEqual({
      currentPassword: [Messages.required],
      newPassword: [Messages.required],
      confirmPassword: [Messages.required],
    });
  });
});

describe('CheckoutDetailsDto', () => {
  const good = {
    firstName: 'דנה',
    lastName: 'לוי',
    phone: '0501234567',
    email: 'dana@example.com',
    idNumber: '039337423',
    agreeTOU: true,
    agreeDisclaimer: true,
  };

  it('accepts good input, with or without notes', () => {
    expect(errorsOf(CheckoutDetailsDto, good)).toEqual({});
    expect(errorsOf(CheckoutDetailsDto, { ...good, pharmNotes: [{ pharmSlug: 'a', notes: 'א'.repeat(300) }, { pharmSlug: 'b' }] })).toEqual({});
  });

  it('trims the names', () => {
    const dto = plainToInstance(CheckoutDetailsDto, { ...good, firstName: '  דנה ', lastName: ' לוי' });
    expect([dto.firstName, dto.lastName]).toEqual(['דנה', 'לוי']);
  });

  it('uses the checkout required messages', () => {
    expect(errorsOf(CheckoutDetailsDto, { firstName: '   ', lastName: '' })).toEqual({
      firstName: ['שדה שם פרטי חובה'],
      lastName: ['שדה שם משפחה חובה'],
      phone: ['שדה טלפון חובה'],
      email: ['שדה דוא״ל חובה'],
      idNumber: ['שדה תעודת זהות חובה'],
      agreeTOU: ['חובה לאשר את תנאי השימוש של האתר'],
      agreeDisclaimer: ['חובה לאשר את וויתור על ייעוץ רוקחי'],
    });
  });

  it('checks formats, the id number and the notes length', () => {
    expect(
      errorsOf(CheckoutDetailsDto, {
        ...good,
        phone: '0501',
        email: 'dana@',
        idNumber: '123456789',
      }),
    ).toEqual({
      phone: [Messages.invalidPhone],
      email: [Messages.invalidEmail],
      idNumber: ['יש להזין תעודת זהות תקנית'],
    });
    // One pharmacy's notes too long: the spec's message, on that pharmacy's notes.
    const [notes] = validateSync(plainToInstance(CheckoutDetailsDto, { ...good, pharmNotes: [{ pharmSlug: 'a', notes: 'ok' }, { pharmSlug: 'b', notes: 'א'.repeat(301) }] }));
    expect(notes.property).toBe('pharmNotes');
    expect(notes.children?.[0]).toMatchObject({ property: '1', children: [{ property: 'notes', constraints: { maxLength: Messages.notesTooLong } }] });
  });

  it('requires the agreements to be true, not merely present', () => {
    expect(errorsOf(CheckoutDetailsDto, { ...good, agreeTOU: 'true', agreeDisclaimer: false })).toEqual({
      agreeTOU: [Messages.agreeSiteTerms],
      agreeDisclaimer: [Messages.agreeDisclaimer],
    });
  });
});

describe('AddressDto', () => {
  const good = { address: 'שדרות רוטשילד, תל אביב', houseNumber: '12' };

  it('accepts good input with optional numeric floor and apartment', () => {
    expect(errorsOf(AddressDto, good)).toEqual({});
    expect(errorsOf(AddressDto, { ...good, floor: '3', apartment: 7, isDefault: true })).toEqual({});
    expect(errorsOf(AddressDto, { ...good, floor: '', apartment: null })).toEqual({});
    expect(plainToInstance(AddressDto, { ...good, floor: '3' }).floor).toBe(3);
  });

  it('requires the address and the house number', () => {
    expect(errorsOf(AddressDto, {})).toEqual({ address: [Messages.required], houseNumber: [Messages.required] });
  });

  it.each(['שדרות רוטשילד', 'Rothschild Blvd, Tel Aviv', 'תל אביב,'])('rejects address %j', (address) => {
    expect(errorsOf(AddressDto, { ...good, address })).toEqual({
      address: ['יש להזין כתובת תקנית עם רחוב ועיר (לדוגמא: שדרות רוטשילד, תל אביב)'],
    });
  });

  it('rejects non-numeric floor and apartment', () => {
    expect(errorsOf(AddressDto, { ...good, floor: 'ג', apartment: '2.5' })).toEqual({
      floor: [Messages.invalidName],
      apartment: [Messages.invalidName],
    });
  });
});
