import { DEFAULT_LOCALE, isLocale, type Locale } from '@agency/shared';
import { plural } from '../../lib/plural.ts';

/**
 * The SMS and e-mails the server writes to people, in the recipient's language (the account's
 * locale; for a number or address without an account, the language of the screen the request came
 * from). Formal register throughout: siz / Sie / siz / вы / dumneavoastră; terms as in
 * docs/glossary.md; a number inside a text takes its language's plural form (lib/plural.ts). The
 * web app's i18n check does not see server text, so message-texts.test.ts checks that every
 * language has every text.
 */
export interface MessageTexts {
  /** The one-time code (sign-in, application, confirming a change). */
  otpCode(code: string, minutes: number): string;
  /** A sign-in code was asked for a number without an account. */
  loginNoAccount(applyUrl: string): string;
  /** A sign-in code or an application code was asked for the number of a pending application. */
  applicationPending(): string;
  /** A sign-in code was asked for a number whose account may not sign in (rejected, disabled). */
  loginBlocked(): string;
  /** An application code was asked for a number that already has an active account. */
  applyRegistered(signInUrl: string): string;
  /** An application code was asked for a number whose account is rejected or disabled. */
  applyBlocked(): string;
  /** The agency approved the application: the applicant may sign in now. */
  applicationApproved(signInUrl: string): string;
  /** The agency rejected the application (the admin's reason is internal and not sent). */
  applicationRejected(): string;
  /** The reset link, valid for `minutes`. */
  passwordReset: { subject: string; text(link: string, minutes: number): string };
  registerReceived: { subject: string; text(signInUrl: string): string };
  /** Someone registered with an address that already has an account. */
  registerTaken: { subject: string; text(signInUrl: string, forgotUrl: string): string };
  /** The account's e-mail or phone changed: told to the old address or phone. */
  contactChanged: {
    subject: string;
    emailChanged(to: string): string;
    emailAdded(to: string): string;
    emailRemoved: string;
    phoneChanged(to: string): string;
    warning: string;
  };
}

export const MESSAGE_TEXTS: Record<Locale, MessageTexts> = {
  tr: {
    otpCode: (code, minutes) => `Doğrulama kodunuz: ${code}. Kod ${plural('tr', minutes, { other: '# dakika' })} geçerlidir. Kodu kimseyle paylaşmayın.`,
    loginNoAccount: (url) =>
      `Bu numara için giriş kodu istendi, ancak numaraya ait bir hesap yok. Katılmak için buradan başvurun: ${url} Bu isteği siz yapmadıysanız bu mesajı dikkate almayın.`,
    applicationPending: () => 'Başvurunuz ajans tarafından hâlâ inceleniyor. Karar verildiğinde size SMS gönderilecek; ardından giriş yapabilirsiniz.',
    loginBlocked: () => 'Bu numara için giriş kodu istendi, ancak hesabınızla giriş yapılamıyor. Lütfen ajansla iletişime geçin.',
    applyRegistered: (url) => `Bu numara zaten kayıtlı; yeniden başvurmanıza gerek yok. Buradan giriş yapın: ${url}`,
    applyBlocked: () => 'Bu numara ajansta zaten kayıtlı ve yeniden başvuru yapamaz. Lütfen ajansla iletişime geçin.',
    applicationApproved: (url) => `Başvurunuz onaylandı! Artık telefon numaranızla giriş yapabilirsiniz: ${url}`,
    applicationRejected: () => 'Başvurunuz ajans tarafından incelendi ve maalesef onaylanmadı. Sorularınız için lütfen ajansla iletişime geçin.',
    passwordReset: {
      subject: 'Şifrenizi sıfırlayın',
      text: (link, minutes) =>
        `Bu hesabın şifresinin sıfırlanması istendi.\n\nYeni bir şifre belirlemek için bu bağlantıyı ${plural('tr', minutes, { other: '# dakika' })} içinde açın:\n${link}\n\nBu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.`,
    },
    registerReceived: {
      subject: 'Kaydınız alındı',
      text: (url) =>
        `Kaydınız için teşekkür ederiz. Hesabınız ajansın onayını bekliyor; onaylandığında bu e-posta adresiyle giriş yapabilirsiniz:\n${url}`,
    },
    registerTaken: {
      subject: 'Hesabınız zaten var',
      text: (signIn, forgot) =>
        `Bu e-posta adresiyle yeni bir hesap oluşturulmak istendi, ancak adresin zaten bir hesabı var.\n\nBu siz idiyseniz buradan giriş yapın:\n${signIn}\n\nŞifrenizi mi unuttunuz? Buradan yenisini belirleyin:\n${forgot}\n\nSiz değilseniz bu e-postayı dikkate almayın; hiçbir şey değişmedi.`,
    },
    contactChanged: {
      subject: 'Hesap bilgileriniz değiştirildi',
      emailChanged: (to) => `Hesabınızın e-posta adresi ${to} olarak değiştirildi.`,
      emailAdded: (to) => `Hesabınıza ${to} e-posta adresi eklendi.`,
      emailRemoved: 'Hesabınızın e-posta adresi kaldırıldı.',
      phoneChanged: (to) => `Hesabınızın telefon numarası ${to} olarak değiştirildi.`,
      warning: 'Bu değişikliği siz yaptıysanız yapmanız gereken bir şey yok. Siz yapmadıysanız hemen ajansla iletişime geçin: hesabınızı başka biri kullanıyor olabilir.',
    },
  },
  en: {
    otpCode: (code, minutes) =>
      `Your verification code is ${code}. It expires in ${plural('en', minutes, { one: '# minute', other: '# minutes' })}. Never share it.`,
    loginNoAccount: (url) =>
      `A sign-in code was requested for this number, but it has no account with us. To join, apply here: ${url} If it was not you, ignore this message.`,
    applicationPending: () => 'Your application is still being reviewed by the agency. You will get an SMS as soon as it is decided; then you can sign in.',
    loginBlocked: () => 'A sign-in code was requested for this number, but your account cannot sign in. Please contact the agency.',
    applyRegistered: (url) => `This number is already registered; you do not need to apply again. Sign in here: ${url}`,
    applyBlocked: () => 'This number is already registered with the agency and cannot apply again. Please contact the agency.',
    applicationApproved: (url) => `Your application was approved! You can now sign in with your phone number: ${url}`,
    applicationRejected: () =>
      'The agency has reviewed your application and unfortunately cannot approve it. If you have any questions, please contact the agency.',
    passwordReset: {
      subject: 'Reset your password',
      text: (link, minutes) =>
        `Someone asked to reset the password of this account.\n\nOpen this link within ${plural('en', minutes, { one: '# minute', other: '# minutes' })} to choose a new password:\n${link}\n\nIf it was not you, ignore this e-mail; your password stays the same.`,
    },
    registerReceived: {
      subject: 'Registration received',
      text: (url) =>
        `Thank you for registering. Your account is waiting for approval by the agency; once it is approved, you can sign in with this e-mail address:\n${url}`,
    },
    registerTaken: {
      subject: 'You already have an account',
      text: (signIn, forgot) =>
        `Someone tried to create a new account with this e-mail address, but it already has an account with us.\n\nIf it was you, sign in here:\n${signIn}\n\nForgot your password? Choose a new one here:\n${forgot}\n\nIf it was not you, ignore this e-mail; nothing was changed.`,
    },
    contactChanged: {
      subject: 'Your account details were changed',
      emailChanged: (to) => `The e-mail address of your account was changed to ${to}.`,
      emailAdded: (to) => `The e-mail address ${to} was added to your account.`,
      emailRemoved: 'The e-mail address was removed from your account.',
      phoneChanged: (to) => `The phone number of your account was changed to ${to}.`,
      warning: 'If you made this change, there is nothing to do. If not, contact the agency right away: someone else may be using your account.',
    },
  },
  de: {
    otpCode: (code, minutes) =>
      `Ihr Bestätigungscode lautet ${code}. Er ist ${plural('de', minutes, { one: '# Minute', other: '# Minuten' })} gültig. Geben Sie ihn niemals weiter.`,
    loginNoAccount: (url) =>
      `Für diese Nummer wurde ein Anmeldecode angefordert, es gibt aber kein Konto dazu. Um beizutreten, bewerben Sie sich hier: ${url} Falls Sie das nicht waren, ignorieren Sie diese Nachricht.`,
    applicationPending: () => 'Ihre Bewerbung wird von der Agentur noch geprüft. Sie erhalten eine SMS, sobald entschieden ist; danach können Sie sich anmelden.',
    loginBlocked: () => 'Für diese Nummer wurde ein Anmeldecode angefordert, mit Ihrem Konto ist aber keine Anmeldung möglich. Bitte wenden Sie sich an die Agentur.',
    applyRegistered: (url) => `Diese Nummer ist bereits registriert; Sie müssen sich nicht erneut bewerben. Melden Sie sich hier an: ${url}`,
    applyBlocked: () => 'Diese Nummer ist bei der Agentur bereits registriert und kann sich nicht erneut bewerben. Bitte wenden Sie sich an die Agentur.',
    applicationApproved: (url) => `Ihre Bewerbung wurde genehmigt! Sie können sich jetzt mit Ihrer Telefonnummer anmelden: ${url}`,
    applicationRejected: () =>
      'Die Agentur hat Ihre Bewerbung geprüft und kann sie leider nicht genehmigen. Bei Fragen wenden Sie sich bitte an die Agentur.',
    passwordReset: {
      subject: 'Passwort zurücksetzen',
      text: (link, minutes) =>
        `Jemand hat angefordert, das Passwort dieses Kontos zurückzusetzen.\n\nÖffnen Sie diesen Link innerhalb von ${plural('de', minutes, { one: '# Minute', other: '# Minuten' })}, um ein neues Passwort zu wählen:\n${link}\n\nFalls Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.`,
    },
    registerReceived: {
      subject: 'Registrierung erhalten',
      text: (url) =>
        `Vielen Dank für Ihre Registrierung. Ihr Konto wartet auf die Freigabe durch die Agentur; sobald es freigegeben ist, können Sie sich mit dieser E-Mail-Adresse anmelden:\n${url}`,
    },
    registerTaken: {
      subject: 'Sie haben bereits ein Konto',
      text: (signIn, forgot) =>
        `Jemand wollte mit dieser E-Mail-Adresse ein neues Konto anlegen, es gibt aber bereits ein Konto dazu.\n\nWenn Sie das waren, melden Sie sich hier an:\n${signIn}\n\nPasswort vergessen? Wählen Sie hier ein neues:\n${forgot}\n\nWenn nicht, ignorieren Sie diese E-Mail; es wurde nichts geändert.`,
    },
    contactChanged: {
      subject: 'Ihre Kontodaten wurden geändert',
      emailChanged: (to) => `Die E-Mail-Adresse Ihres Kontos wurde in ${to} geändert.`,
      emailAdded: (to) => `Die E-Mail-Adresse ${to} wurde Ihrem Konto hinzugefügt.`,
      emailRemoved: 'Die E-Mail-Adresse wurde aus Ihrem Konto entfernt.',
      phoneChanged: (to) => `Die Telefonnummer Ihres Kontos wurde in ${to} geändert.`,
      warning: 'Wenn Sie das waren, müssen Sie nichts tun. Wenn nicht, wenden Sie sich sofort an die Agentur: Möglicherweise nutzt jemand anderes Ihr Konto.',
    },
  },
  az: {
    otpCode: (code, minutes) => `Təsdiq kodunuz: ${code}. Kod ${plural('az', minutes, { other: '# dəqiqə' })} etibarlıdır. Kodu heç kimlə paylaşmayın.`,
    loginNoAccount: (url) =>
      `Bu nömrə üçün giriş kodu istənildi, lakin nömrəyə aid hesab yoxdur. Qoşulmaq üçün buradan müraciət edin: ${url} Bunu siz etməmisinizsə, bu mesajı nəzərə almayın.`,
    applicationPending: () => 'Müraciətiniz agentlik tərəfindən hələ nəzərdən keçirilir. Qərar veriləndə sizə SMS göndəriləcək; sonra daxil ola bilərsiniz.',
    loginBlocked: () => 'Bu nömrə üçün giriş kodu istənildi, lakin hesabınızla daxil olmaq mümkün deyil. Zəhmət olmasa, agentliklə əlaqə saxlayın.',
    applyRegistered: (url) => `Bu nömrə artıq qeydiyyatdadır; yenidən müraciət etməyinizə ehtiyac yoxdur. Buradan daxil olun: ${url}`,
    applyBlocked: () => 'Bu nömrə agentlikdə artıq qeydiyyatdadır və yenidən müraciət edə bilməz. Zəhmət olmasa, agentliklə əlaqə saxlayın.',
    applicationApproved: (url) => `Müraciətiniz təsdiqləndi! İndi telefon nömrənizlə daxil ola bilərsiniz: ${url}`,
    applicationRejected: () =>
      'Müraciətiniz agentlik tərəfindən nəzərdən keçirildi və təəssüf ki, təsdiqlənmədi. Sualınız olarsa, zəhmət olmasa, agentliklə əlaqə saxlayın.',
    passwordReset: {
      subject: 'Şifrənizi sıfırlayın',
      text: (link, minutes) =>
        `Bu hesabın şifrəsinin sıfırlanması istənildi.\n\nYeni şifrə seçmək üçün bu keçidi ${plural('az', minutes, { other: '# dəqiqə' })} ərzində açın:\n${link}\n\nBunu siz etməmisinizsə, bu e-poçtu nəzərə almayın; şifrəniz dəyişməyəcək.`,
    },
    registerReceived: {
      subject: 'Qeydiyyatınız qəbul edildi',
      text: (url) =>
        `Qeydiyyatınız üçün təşəkkür edirik. Hesabınız agentliyin təsdiqini gözləyir; təsdiqləndikdən sonra bu e-poçt ünvanı ilə daxil ola bilərsiniz:\n${url}`,
    },
    registerTaken: {
      subject: 'Artıq hesabınız var',
      text: (signIn, forgot) =>
        `Bu e-poçt ünvanı ilə yeni hesab yaradılmaq istənildi, lakin ünvanın artıq hesabı var.\n\nBu siz idinizsə, buradan daxil olun:\n${signIn}\n\nŞifrənizi unutmusunuz? Yenisini buradan seçin:\n${forgot}\n\nSiz deyilsinizsə, bu e-poçtu nəzərə almayın; heç nə dəyişmədi.`,
    },
    contactChanged: {
      subject: 'Hesab məlumatlarınız dəyişdirildi',
      emailChanged: (to) => `Hesabınızın e-poçt ünvanı ${to} olaraq dəyişdirildi.`,
      emailAdded: (to) => `Hesabınıza ${to} e-poçt ünvanı əlavə edildi.`,
      emailRemoved: 'Hesabınızın e-poçt ünvanı silindi.',
      phoneChanged: (to) => `Hesabınızın telefon nömrəsi ${to} olaraq dəyişdirildi.`,
      warning: 'Bu dəyişikliyi siz etmisinizsə, heç nə etməyinizə ehtiyac yoxdur. Etməmisinizsə, dərhal agentliklə əlaqə saxlayın: hesabınızdan başqası istifadə edə bilər.',
    },
  },
  ru: {
    otpCode: (code, minutes) =>
      `Ваш код подтверждения: ${code}. Он действует ${plural('ru', minutes, { one: '# минуту', few: '# минуты', many: '# минут', other: '# минуты' })}. Никому не сообщайте его.`,
    loginNoAccount: (url) =>
      `Для этого номера запросили код входа, но учётной записи с ним нет. Чтобы присоединиться, подайте заявку здесь: ${url} Если это были не вы, не обращайте внимания на это сообщение.`,
    applicationPending: () => 'Ваша заявка ещё на рассмотрении в агентстве. Как только решение будет принято, вы получите SMS и сможете войти.',
    loginBlocked: () => 'Для этого номера запросили код входа, но с вашей учётной записью войти нельзя. Пожалуйста, свяжитесь с агентством.',
    applyRegistered: (url) => `Этот номер уже зарегистрирован, подавать заявку снова не нужно. Войдите здесь: ${url}`,
    applyBlocked: () => 'Этот номер уже зарегистрирован в агентстве, подать новую заявку с ним нельзя. Пожалуйста, свяжитесь с агентством.',
    applicationApproved: (url) => `Ваша заявка одобрена! Теперь вы можете войти по своему номеру телефона: ${url}`,
    applicationRejected: () =>
      'Агентство рассмотрело вашу заявку и, к сожалению, не может её одобрить. Если у вас есть вопросы, пожалуйста, свяжитесь с агентством.',
    passwordReset: {
      subject: 'Сброс пароля',
      text: (link, minutes) =>
        `Кто-то запросил сброс пароля этой учётной записи.\n\nОткройте эту ссылку в течение ${plural('ru', minutes, { one: '# минуты', few: '# минут', many: '# минут', other: '# минуты' })}, чтобы выбрать новый пароль:\n${link}\n\nЕсли это были не вы, не обращайте внимания на это письмо; ваш пароль останется прежним.`,
    },
    registerReceived: {
      subject: 'Регистрация получена',
      text: (url) =>
        `Спасибо за регистрацию. Ваша учётная запись ожидает одобрения агентства; как только её одобрят, вы сможете войти с этим адресом электронной почты:\n${url}`,
    },
    registerTaken: {
      subject: 'У вас уже есть учётная запись',
      text: (signIn, forgot) =>
        `Кто-то попытался создать новую учётную запись с этим адресом электронной почты, но учётная запись с ним уже есть.\n\nЕсли это были вы, войдите здесь:\n${signIn}\n\nЗабыли пароль? Выберите новый здесь:\n${forgot}\n\nЕсли это были не вы, не обращайте внимания на это письмо; ничего не изменилось.`,
    },
    contactChanged: {
      subject: 'Данные вашей учётной записи изменены',
      emailChanged: (to) => `Адрес электронной почты вашей учётной записи изменён на ${to}.`,
      emailAdded: (to) => `К вашей учётной записи добавлен адрес электронной почты ${to}.`,
      emailRemoved: 'Адрес электронной почты удалён из вашей учётной записи.',
      phoneChanged: (to) => `Номер телефона вашей учётной записи изменён на ${to}.`,
      warning: 'Если это сделали вы, ничего делать не нужно. Если нет, немедленно свяжитесь с агентством: возможно, вашей учётной записью пользуется кто-то другой.',
    },
  },
  ro: {
    otpCode: (code, minutes) =>
      `Codul dumneavoastră de verificare este ${code}. Este valabil ${plural('ro', minutes, { one: '# minut', few: '# minute', other: '# de minute' })}. Nu îl comunicați nimănui.`,
    loginNoAccount: (url) =>
      `S-a cerut un cod de conectare pentru acest număr, dar nu există niciun cont cu el. Pentru a vă alătura agenției, înscrieți-vă aici: ${url} Dacă nu ați fost dumneavoastră, ignorați acest mesaj.`,
    applicationPending: () =>
      'Înscrierea dumneavoastră este încă analizată de agenție. Veți primi un SMS imediat ce se ia o decizie; apoi vă veți putea conecta.',
    loginBlocked: () => 'S-a cerut un cod de conectare pentru acest număr, dar contul dumneavoastră nu se poate conecta. Vă rugăm să contactați agenția.',
    applyRegistered: (url) => `Acest număr este deja înregistrat; nu este nevoie să vă înscrieți din nou. Conectați-vă aici: ${url}`,
    applyBlocked: () => 'Acest număr este deja înregistrat la agenție și nu poate fi folosit pentru o nouă înscriere. Vă rugăm să contactați agenția.',
    applicationApproved: (url) => `Înscrierea dumneavoastră a fost aprobată! Vă puteți conecta acum cu numărul dumneavoastră de telefon: ${url}`,
    applicationRejected: () =>
      'Agenția a analizat înscrierea dumneavoastră și, din păcate, nu o poate aproba. Dacă aveți întrebări, vă rugăm să contactați agenția.',
    passwordReset: {
      subject: 'Resetați-vă parola',
      text: (link, minutes) =>
        `Cineva a cerut resetarea parolei acestui cont.\n\nDeschideți acest link în cel mult ${plural('ro', minutes, { one: '# minut', few: '# minute', other: '# de minute' })} pentru a alege o parolă nouă:\n${link}\n\nDacă nu ați fost dumneavoastră, ignorați acest e-mail; parola dumneavoastră rămâne neschimbată.`,
    },
    registerReceived: {
      subject: 'Înregistrare primită',
      text: (url) =>
        `Vă mulțumim pentru înregistrare. Contul dumneavoastră așteaptă aprobarea agenției; după aprobare vă veți putea conecta cu această adresă de e-mail:\n${url}`,
    },
    registerTaken: {
      subject: 'Aveți deja un cont',
      text: (signIn, forgot) =>
        `Cineva a încercat să creeze un cont nou cu această adresă de e-mail, dar există deja un cont cu ea.\n\nDacă ați fost dumneavoastră, conectați-vă aici:\n${signIn}\n\nAți uitat parola? Alegeți una nouă aici:\n${forgot}\n\nDacă nu ați fost dumneavoastră, ignorați acest e-mail; nu s-a schimbat nimic.`,
    },
    contactChanged: {
      subject: 'Datele contului dumneavoastră au fost schimbate',
      emailChanged: (to) => `Adresa de e-mail a contului dumneavoastră a fost schimbată în ${to}.`,
      emailAdded: (to) => `Adresa de e-mail ${to} a fost adăugată contului dumneavoastră.`,
      emailRemoved: 'Adresa de e-mail a fost eliminată din contul dumneavoastră.',
      phoneChanged: (to) => `Numărul de telefon al contului dumneavoastră a fost schimbat în ${to}.`,
      warning: 'Dacă ați făcut dumneavoastră această schimbare, nu trebuie să faceți nimic. Dacă nu, contactați imediat agenția: este posibil ca altcineva să vă folosească contul.',
    },
  },
};

/** The texts of `locale`, or of the default language when it is missing or unknown. */
export function messageTexts(locale: string | null | undefined): MessageTexts {
  return MESSAGE_TEXTS[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

/** The portal's pages that messages link to. */
export function portalLinks(publicUrl: string) {
  return {
    apply: `${publicUrl}/kayit`,
    signIn: `${publicUrl}/app/sessions/signIn`,
    forgot: `${publicUrl}/app/sessions/forgot`,
    reset: (token: string) => `${publicUrl}/app/sessions/reset?token=${encodeURIComponent(token)}`,
  };
}
