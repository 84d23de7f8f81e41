import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AddressCommand, AddressRemoveCommand, AddressUpdateCommand, CheckoutDetailsDto, ContactDto, SignInDto, SignUpDto, UpdateUserCommand } from '.';
import { INT4_MAX } from './decorators';

/** The properties that fail, as a service's ValidationPipe (transform, whitelist) would see them. */
function failing<T extends object>(dto: ClassConstructor<T>, plain: object): string[] {
  return validateSync(plainToInstance(dto, plain), { whitelist: true }).map((e) => e.property).sort();
}

const address = { token: 't', address: 'הרצל, תל אביב', houseNumber: '5' };

describe('DTOs refuse input no column can hold (a 400 at the service, never a database error)', () => {
  it('refuses an address id beyond PostgreSQL integer, and not a whole number', () => {
    expect(failing(AddressRemoveCommand, { id: INT4_MAX })).toEqual([]);
    expect(failing(AddressRemoveCommand, { id: 99999999999 })).toEqual(['id']);
    expect(failing(AddressRemoveCommand, { id: Number('abc') })).toEqual(['id']);
    expect(failing(AddressUpdateCommand, { ...address, id: 1e308 })).toEqual(['id']);
    expect(failing(AddressUpdateCommand, { ...address, id: Infinity })).toEqual(['id']);
  });

  it("refuses a floor or apartment no building has, and null where a boolean belongs", () => {
    expect(failing(AddressCommand, { ...address, floor: 3, apartment: 12, isDefault: true })).toEqual([]);
    expect(failing(AddressCommand, { ...address, floor: 99999999999 })).toEqual(['floor']);
    expect(failing(AddressCommand, { ...address, apartment: '1e308' })).toEqual(['apartment']);
    expect(failing(AddressCommand, { ...address, apartment: -1 })).toEqual(['apartment']);
    expect(failing(AddressCommand, { ...address, isDefault: null })).toEqual(['isDefault']);
  });

  it('refuses subscribed: null (the column is NOT NULL) but allows leaving it out', () => {
    const user = { token: 't', firstName: 'ישראל', lastName: 'ישראלי' };
    expect(failing(UpdateUserCommand, user)).toEqual([]);
    expect(failing(UpdateUserCommand, { ...user, subscribed: false })).toEqual([]);
    expect(failing(UpdateUserCommand, { ...user, subscribed: null })).toEqual(['subscribed']);
    expect(failing(UpdateUserCommand, { ...user, subscribed: 'yes' })).toEqual(['subscribed']);
    const signUp = { firstName: 'ישראל', lastName: 'ישראלי', email: 'a@b.co', password: 'password1', agreeTOU: true };
    expect(failing(SignUpDto, signUp)).toEqual([]);
    expect(failing(SignUpDto, { ...signUp, subscribe: null })).toEqual(['subscribe']);
  });

  it('refuses objects where strings belong', () => {
    expect(failing(SignInDto, { email: { toString: 1 }, password: ['x'] })).toEqual(['email', 'password']);
  });
});

describe('free text refuses control characters (PostgreSQL refuses NUL)', () => {
  it('in a contact message or name, a house number and checkout notes; tabs and line breaks are fine', () => {
    const contact = { name: 'דנה', email: 'a@b.co', phone: '0521234567', message: 'שורה\nשורה\tסוף' };
    expect(failing(ContactDto, contact)).toEqual([]);
    expect(failing(ContactDto, { ...contact, message: 'a\u0000b', name: 'x\u001b' })).toEqual(['message', 'name']);
    expect(failing(AddressCommand, { ...address, houseNumber: '5\u0000' })).toEqual(['houseNumber']);
    expect(failing(AddressCommand, { ...address, houseNumber: '5'.repeat(21) })).toEqual(['houseNumber']);
    expect(validateSync(plainToInstance(CheckoutDetailsDto, { pharmNotes: [{ pharmSlug: 'a', notes: 'a\u0000' }] })).map((e) => e.property)).toContain('pharmNotes');
  });
});
