import type { Locale, PaymentStatus } from '@agency/shared';

/**
 * The labels of the generated invoice PDF in the member's language. The web app's i18n check does
 * not see server text, so invoice-texts.test.ts checks that every language has every label.
 * Words follow the glossary (fatura / Rechnung / faktura / счёт / factură).
 */
export interface InvoiceTexts {
  title: string;
  invoiceNumber: string;
  date: string;
  status: string;
  issuedBy: string;
  payee: string;
  phone: string;
  email: string;
  bankDetails: string;
  accountHolder: string;
  bankName: string;
  iban: string;
  identityNumber: string;
  months: string;
  gross: string;
  deductions: string;
  net: string;
  stamp: string;
  signature: string;
  notProvided: string;
  /** In place of the number before the payment is approved (numbers are given at approval). */
  unnumbered: string;
  statuses: Record<PaymentStatus, string>;
}

export const INVOICE_TEXTS: Record<Locale, InvoiceTexts> = {
  tr: {
    title: 'Fatura',
    invoiceNumber: 'Fatura no.',
    date: 'Tarih',
    status: 'Durum',
    issuedBy: 'Ajans',
    payee: 'Üye',
    phone: 'Telefon',
    email: 'E-posta',
    bankDetails: 'Banka bilgileri',
    accountHolder: 'Hesap sahibi',
    bankName: 'Banka',
    iban: 'IBAN',
    identityNumber: 'T.C. kimlik numarası',
    months: 'Kapsanan aylar',
    gross: 'Brüt kazanç',
    deductions: 'Kesintiler',
    net: 'Net tutar',
    stamp: 'Kaşe',
    signature: 'İmza',
    notProvided: 'Belirtilmedi',
    unnumbered: 'Onayda verilir',
    statuses: {
      Pending: 'Beklemede',
      'Pending Registration': 'Kayıt bekleniyor',
      'Waiting Approval': 'Onay bekleniyor',
      Approved: 'Onaylandı',
      Rejected: 'Reddedildi',
      Paid: 'Ödendi',
      Unpaid: 'Ödenmedi',
    },
  },
  en: {
    title: 'Invoice',
    invoiceNumber: 'Invoice no.',
    date: 'Date',
    status: 'Status',
    issuedBy: 'Agency',
    payee: 'Member',
    phone: 'Phone',
    email: 'E-mail',
    bankDetails: 'Bank details',
    accountHolder: 'Account holder',
    bankName: 'Bank',
    iban: 'IBAN',
    identityNumber: 'Identity number',
    months: 'Months covered',
    gross: 'Gross earnings',
    deductions: 'Deductions',
    net: 'Net amount',
    stamp: 'Stamp',
    signature: 'Signature',
    notProvided: 'Not provided',
    unnumbered: 'Given on approval',
    statuses: {
      Pending: 'Pending',
      'Pending Registration': 'Pending Registration',
      'Waiting Approval': 'Waiting Approval',
      Approved: 'Approved',
      Rejected: 'Rejected',
      Paid: 'Paid',
      Unpaid: 'Unpaid',
    },
  },
  de: {
    title: 'Rechnung',
    invoiceNumber: 'Rechnungsnr.',
    date: 'Datum',
    status: 'Status',
    issuedBy: 'Agentur',
    payee: 'Mitglied',
    phone: 'Telefon',
    email: 'E-Mail',
    bankDetails: 'Bankverbindung',
    accountHolder: 'Kontoinhaber',
    bankName: 'Bank',
    iban: 'IBAN',
    identityNumber: 'Ausweisnummer',
    months: 'Abgerechnete Monate',
    gross: 'Bruttoeinnahmen',
    deductions: 'Abzüge',
    net: 'Nettobetrag',
    stamp: 'Stempel',
    signature: 'Unterschrift',
    notProvided: 'Nicht angegeben',
    unnumbered: 'Wird bei Genehmigung vergeben',
    statuses: {
      Pending: 'Ausstehend',
      'Pending Registration': 'Registrierung ausstehend',
      'Waiting Approval': 'Wartet auf Genehmigung',
      Approved: 'Genehmigt',
      Rejected: 'Abgelehnt',
      Paid: 'Bezahlt',
      Unpaid: 'Nicht bezahlt',
    },
  },
  az: {
    title: 'Faktura',
    invoiceNumber: 'Faktura №',
    date: 'Tarix',
    status: 'Status',
    issuedBy: 'Agentlik',
    payee: 'Üzv',
    phone: 'Telefon',
    email: 'E-poçt',
    bankDetails: 'Bank məlumatları',
    accountHolder: 'Hesab sahibi',
    bankName: 'Bank',
    iban: 'IBAN',
    identityNumber: 'Şəxsiyyət vəsiqəsinin FİN kodu',
    months: 'Əhatə olunan aylar',
    gross: 'Ümumi qazanc',
    deductions: 'Tutulmalar',
    net: 'Xalis məbləğ',
    stamp: 'Möhür',
    signature: 'İmza',
    notProvided: 'Göstərilməyib',
    unnumbered: 'Təsdiqdə verilir',
    statuses: {
      Pending: 'Gözləmədə',
      'Pending Registration': 'Qeydiyyat gözlənilir',
      'Waiting Approval': 'Təsdiq gözlənilir',
      Approved: 'Təsdiqləndi',
      Rejected: 'Rədd edildi',
      Paid: 'Ödənildi',
      Unpaid: 'Ödənilmədi',
    },
  },
  ru: {
    title: 'Счёт',
    invoiceNumber: 'Счёт №',
    date: 'Дата',
    status: 'Статус',
    issuedBy: 'Агентство',
    payee: 'Участник',
    phone: 'Телефон',
    email: 'Эл. почта',
    bankDetails: 'Банковские реквизиты',
    accountHolder: 'Владелец счёта',
    bankName: 'Банк',
    iban: 'IBAN',
    identityNumber: 'Номер удостоверения личности',
    months: 'Оплачиваемые месяцы',
    gross: 'Доход брутто',
    deductions: 'Удержания',
    net: 'Сумма к выплате',
    stamp: 'Печать',
    signature: 'Подпись',
    notProvided: 'Не указано',
    unnumbered: 'Присваивается при одобрении',
    statuses: {
      Pending: 'В ожидании',
      'Pending Registration': 'Ожидает регистрации',
      'Waiting Approval': 'Ожидает одобрения',
      Approved: 'Одобрено',
      Rejected: 'Отклонено',
      Paid: 'Выплачено',
      Unpaid: 'Не выплачено',
    },
  },
  ro: {
    title: 'Factură',
    invoiceNumber: 'Factura nr.',
    date: 'Data',
    status: 'Stare',
    issuedBy: 'Agenție',
    payee: 'Membru',
    phone: 'Telefon',
    email: 'E-mail',
    bankDetails: 'Date bancare',
    accountHolder: 'Titularul contului',
    bankName: 'Banca',
    iban: 'IBAN',
    identityNumber: 'Cod numeric personal',
    months: 'Luni acoperite',
    gross: 'Câștiguri brute',
    deductions: 'Deduceri',
    net: 'Suma netă',
    stamp: 'Ștampilă',
    signature: 'Semnătură',
    notProvided: 'Nespecificat',
    unnumbered: 'Se atribuie la aprobare',
    statuses: {
      Pending: 'În așteptare',
      'Pending Registration': 'Înregistrare în așteptare',
      'Waiting Approval': 'Așteaptă aprobarea',
      Approved: 'Aprobat',
      Rejected: 'Respins',
      Paid: 'Plătit',
      Unpaid: 'Neplătit',
    },
  },
};
