import type { Locale, PaymentStatus } from '@agency/shared';

/**
 * The labels of the generated invoice PDF in the member's language. The web app's i18n check does
 * not see server text, so invoice-texts.test.ts checks that every language has every label.
 * Words and status names follow docs/glossary.md (fatura / Rechnung / faktura / инвойс / factură;
 * "счёт" in Russian is the bank account only).
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
      'Pending Registration': 'Kayıt bekliyor',
      'Waiting Approval': 'Onay bekliyor',
      Approved: 'Onaylandı',
      Rejected: 'Reddedildi',
      Paid: 'Ödendi',
      Unpaid: 'Ödenemedi',
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
    identityNumber: 'Identitätsnummer',
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
      'Pending Registration': 'Wartet auf Bankdaten',
      'Waiting Approval': 'Wartet auf Freigabe',
      Approved: 'Genehmigt',
      Rejected: 'Abgelehnt',
      Paid: 'Ausgezahlt',
      Unpaid: 'Nicht ausgezahlt',
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
    identityNumber: 'Şəxsiyyət nömrəsi',
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
      'Pending Registration': 'Qeydiyyat gözləyir',
      'Waiting Approval': 'Təsdiq gözləyir',
      Approved: 'Təsdiqləndi',
      Rejected: 'Rədd edildi',
      Paid: 'Ödənildi',
      Unpaid: 'Ödənilmədi',
    },
  },
  ru: {
    title: 'Инвойс',
    invoiceNumber: 'Инвойс №',
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
    identityNumber: 'Идентификационный номер',
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
      'Pending Registration': 'Ждёт реквизитов',
      'Waiting Approval': 'Ждёт одобрения',
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
    identityNumber: 'Număr de identitate',
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
      'Pending Registration': 'Așteaptă datele bancare',
      'Waiting Approval': 'Așteaptă aprobarea',
      Approved: 'Aprobat',
      Rejected: 'Respins',
      Paid: 'Plătit',
      Unpaid: 'Neplătit',
    },
  },
};
