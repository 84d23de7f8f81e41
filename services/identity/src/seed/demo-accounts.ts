import type { UserRole } from '@mc/contracts';

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  phone?: string;
  businesses: { kind: 'pharmacy' | 'company'; slug: string; name: string }[];
  /** How `make dev` introduces the account. */
  who: string;
}

/** The accounts every data set has (fixtures and demo), so anyone can sign in as each kind of user. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'patient@medcanna.local', password: 'demo-patient', firstName: 'נועה', lastName: 'לוי', role: 'user', phone: '052-1234567', businesses: [], who: 'a patient' },
  {
    email: 'pharmacist@medcanna.local', password: 'demo-pharmacist', firstName: 'יוסי', lastName: 'מזרחי', role: 'business_owner',
    businesses: [{ kind: 'pharmacy', slug: 'merkaz-tel-aviv', name: 'בית מרקחת מרכז העיר' }], who: 'the owner of בית מרקחת מרכז העיר',
  },
  {
    email: 'pharmacist2@medcanna.local', password: 'demo-pharmacist2', firstName: 'רונית', lastName: 'שושן', role: 'business_owner',
    businesses: [{ kind: 'pharmacy', slug: 'layla-haifa', name: 'בית מרקחת לילה' }], who: 'the owner of בית מרקחת לילה',
  },
  {
    email: 'company@medcanna.local', password: 'demo-company', firstName: 'מיכל', lastName: 'אברהם', role: 'business_owner',
    businesses: [{ kind: 'company', slug: 'galil-fields', name: 'שדות הגליל' }], who: 'staff of the cannabis company שדות הגליל',
  },
  ...(['greenmed', 'medocann', 'bubble'] as const).map((slug, i): DemoAccount => {
    const name = { greenmed: 'גרינמד', medocann: 'מדוקאן', bubble: 'באבל' }[slug];
    return {
      email: `${slug}@medcanna.local`, password: `demo-${slug}`, firstName: ['דנה', 'אורי', 'שירה'][i], lastName: ['בן דוד', 'פרץ', 'גולן'][i], role: 'business_owner',
      businesses: [{ kind: 'company', slug, name }], who: `staff of the cannabis company ${name}`,
    };
  }),
  { email: 'admin@medcanna.local', password: 'demo-admin', firstName: 'אבי', lastName: 'כהן', role: 'admin', businesses: [], who: 'an admin' },
];
