import type { NoticeTexts } from './notice-texts.ts';

/** The notification sentences in the other languages of the settings (English: notice-texts.ts). */
const es: NoticeTexts = {
  someone: 'Alguien',
  aFan: 'Un fan',
  followed: { title: 'Nuevo seguidor', message: '{user} empezó a seguirte.' },
  liked: {
    title: 'Nuevo me gusta',
    alone: 'A {user} le gustó tu publicación',
    others: {
      one: 'A {user} y {count} persona más les gustó tu publicación',
      other: 'A {user} y {count} personas más les gustó tu publicación',
    },
  },
  subscribed: {
    title: 'Nuevo suscriptor',
    free: '{user} se suscribió a ti.',
    monthly: '{user} se suscribió a ti por {price}/mes.',
    months: '{user} se suscribió a ti por {price}, {months} meses.',
  },
  trialStarted: {
    title: 'Nuevo suscriptor',
    message: '{user} empezó una prueba gratuita de {days} días.',
  },
  subscriptionExpired: {
    title: 'Suscripción vencida',
    message:
      'Tu suscripción a {creator} venció: tu monedero no cubría {price}. Recarga y vuelve a suscribirte.',
  },
  priceRaised: {
    title: 'Precio de suscripción aumentado',
    message:
      '{creator} subió el precio mensual a {newPrice}. Tu suscripción se sigue renovando a {price}; el nuevo precio solo se aplica si vuelves a suscribirte.',
  },
  tipped: {
    title: 'Nueva propina',
    message: '{user} te dio una propina de {amount} (recibes {share}).',
  },
  postUnlocked: {
    title: 'Publicación desbloqueada',
    message: '{user} desbloqueó tu publicación por {amount} (recibes {share}).',
  },
  messageUnlocked: {
    title: 'Mensaje desbloqueado',
    message: '{user} desbloqueó tu mensaje por {amount} (recibes {share}).',
  },
  commented: { title: 'Nuevo comentario', message: '{user} comentó tu publicación: {excerpt}' },
  replied: { title: 'Nueva respuesta', message: '{user} respondió a tu comentario: {excerpt}' },
  mentioned: { title: 'Nueva mención', message: '{user} te mencionó en un comentario: {excerpt}' },
  applicationApproved: {
    title: 'Solicitud de creador aprobada',
    message: '¡Tu solicitud de creador ha sido aprobada!',
  },
  applicationRejected: {
    title: 'Solicitud de creador no aprobada',
    message: 'Tu solicitud de creador no fue aprobada: {reason} Puedes volver a solicitarlo.',
  },
  contentRemoved: {
    title: 'Contenido eliminado',
    message: 'Un moderador eliminó tu {target}: {note}',
    targets: {
      profile: 'perfil',
      post: 'publicación',
      message: 'mensaje',
      comment: 'comentario',
    },
  },
  reportReviewed: {
    title: 'Denuncia revisada',
    dismissed:
      'Gracias por tu denuncia. Un moderador la revisó y no encontró ninguna norma incumplida.',
    actioned: 'Gracias por tu denuncia. Un moderador la revisó y tomó medidas.',
  },
  messageReceived: {
    title: 'Nuevo mensaje de {user}',
    locked: 'Mensaje bloqueado · {price}',
    attachment: 'Envió un archivo adjunto',
  },
  callStarted: { title: '{user} te está llamando', message: '{user} inició una videollamada' },
};

const fr: NoticeTexts = {
  someone: 'Quelqu’un',
  aFan: 'Un fan',
  followed: { title: 'Nouvel abonné', message: '{user} a commencé à vous suivre.' },
  liked: {
    title: 'Nouveau j’aime',
    alone: '{user} a aimé votre publication',
    others: {
      one: '{user} et {count} autre personne ont aimé votre publication',
      other: '{user} et {count} autres personnes ont aimé votre publication',
    },
  },
  subscribed: {
    title: 'Nouvel abonnement',
    free: '{user} s’est abonné à vous.',
    monthly: '{user} s’est abonné à vous pour {price}/mois.',
    months: '{user} s’est abonné à vous pour {price}, {months} mois.',
  },
  trialStarted: {
    title: 'Nouvel abonnement',
    message: '{user} a commencé un essai gratuit de {days} jours.',
  },
  subscriptionExpired: {
    title: 'Abonnement expiré',
    message:
      'Votre abonnement à {creator} a expiré : votre portefeuille ne couvrait pas {price}. Rechargez-le et abonnez-vous à nouveau.',
  },
  priceRaised: {
    title: 'Prix de l’abonnement augmenté',
    message:
      '{creator} a augmenté le prix mensuel à {newPrice}. Votre abonnement continue de se renouveler à {price} ; le nouveau prix ne s’applique que si vous vous réabonnez.',
  },
  tipped: {
    title: 'Nouveau pourboire',
    message: '{user} vous a donné un pourboire de {amount} (vous recevez {share}).',
  },
  postUnlocked: {
    title: 'Publication débloquée',
    message: '{user} a débloqué votre publication pour {amount} (vous recevez {share}).',
  },
  messageUnlocked: {
    title: 'Message débloqué',
    message: '{user} a débloqué votre message pour {amount} (vous recevez {share}).',
  },
  commented: {
    title: 'Nouveau commentaire',
    message: '{user} a commenté votre publication : {excerpt}',
  },
  replied: {
    title: 'Nouvelle réponse',
    message: '{user} a répondu à votre commentaire : {excerpt}',
  },
  mentioned: {
    title: 'Nouvelle mention',
    message: '{user} vous a mentionné dans un commentaire : {excerpt}',
  },
  applicationApproved: {
    title: 'Candidature de créateur approuvée',
    message: 'Votre candidature de créateur a été approuvée !',
  },
  applicationRejected: {
    title: 'Candidature de créateur non approuvée',
    message:
      'Votre candidature de créateur n’a pas été approuvée : {reason} Vous pouvez postuler à nouveau.',
  },
  contentRemoved: {
    title: 'Contenu supprimé',
    message: 'Un modérateur a supprimé votre {target} : {note}',
    targets: {
      profile: 'profil',
      post: 'publication',
      message: 'message',
      comment: 'commentaire',
    },
  },
  reportReviewed: {
    title: 'Signalement examiné',
    dismissed:
      'Merci pour votre signalement. Un modérateur l’a examiné et n’a constaté aucune infraction aux règles.',
    actioned: 'Merci pour votre signalement. Un modérateur l’a examiné et a pris des mesures.',
  },
  messageReceived: {
    title: 'Nouveau message de {user}',
    locked: 'Message verrouillé · {price}',
    attachment: 'A envoyé une pièce jointe',
  },
  callStarted: { title: '{user} vous appelle', message: '{user} a lancé un appel vidéo' },
};

const de: NoticeTexts = {
  someone: 'Jemand',
  aFan: 'Ein Fan',
  followed: { title: 'Neuer Follower', message: '{user} folgt dir jetzt.' },
  liked: {
    title: 'Neues Like',
    alone: '{user} gefällt dein Beitrag',
    others: {
      one: '{user} und {count} weiterer Person gefällt dein Beitrag',
      other: '{user} und {count} weiteren Personen gefällt dein Beitrag',
    },
  },
  subscribed: {
    title: 'Neuer Abonnent',
    free: '{user} hat dich abonniert.',
    monthly: '{user} hat dich für {price}/Monat abonniert.',
    months: '{user} hat dich für {price}, {months} Monate abonniert.',
  },
  trialStarted: {
    title: 'Neuer Abonnent',
    message: '{user} hat eine {days}-tägige kostenlose Testphase begonnen.',
  },
  subscriptionExpired: {
    title: 'Abo abgelaufen',
    message:
      'Dein Abo bei {creator} ist abgelaufen: Dein Guthaben deckte {price} nicht. Lade Guthaben auf und abonniere erneut.',
  },
  priceRaised: {
    title: 'Abopreis erhöht',
    message:
      '{creator} hat den Monatspreis auf {newPrice} erhöht. Dein Abo verlängert sich weiter zu {price}; der neue Preis gilt nur, wenn du erneut abonnierst.',
  },
  tipped: {
    title: 'Neues Trinkgeld',
    message: '{user} hat dir {amount} Trinkgeld gegeben (du erhältst {share}).',
  },
  postUnlocked: {
    title: 'Beitrag freigeschaltet',
    message: '{user} hat deinen Beitrag für {amount} freigeschaltet (du erhältst {share}).',
  },
  messageUnlocked: {
    title: 'Nachricht freigeschaltet',
    message: '{user} hat deine Nachricht für {amount} freigeschaltet (du erhältst {share}).',
  },
  commented: {
    title: 'Neuer Kommentar',
    message: '{user} hat deinen Beitrag kommentiert: {excerpt}',
  },
  replied: {
    title: 'Neue Antwort',
    message: '{user} hat auf deinen Kommentar geantwortet: {excerpt}',
  },
  mentioned: {
    title: 'Neue Erwähnung',
    message: '{user} hat dich in einem Kommentar erwähnt: {excerpt}',
  },
  applicationApproved: {
    title: 'Creator-Bewerbung angenommen',
    message: 'Deine Creator-Bewerbung wurde angenommen!',
  },
  applicationRejected: {
    title: 'Creator-Bewerbung nicht angenommen',
    message:
      'Deine Creator-Bewerbung wurde nicht angenommen: {reason} Du kannst dich erneut bewerben.',
  },
  contentRemoved: {
    title: 'Inhalt entfernt',
    message: 'Ein Moderator hat deinen Inhalt entfernt ({target}): {note}',
    targets: { profile: 'Profil', post: 'Beitrag', message: 'Nachricht', comment: 'Kommentar' },
  },
  reportReviewed: {
    title: 'Meldung geprüft',
    dismissed:
      'Danke für deine Meldung. Ein Moderator hat sie geprüft und keinen Regelverstoß festgestellt.',
    actioned: 'Danke für deine Meldung. Ein Moderator hat sie geprüft und Maßnahmen ergriffen.',
  },
  messageReceived: {
    title: 'Neue Nachricht von {user}',
    locked: 'Gesperrte Nachricht · {price}',
    attachment: 'Hat einen Anhang gesendet',
  },
  callStarted: { title: '{user} ruft an', message: '{user} hat einen Videoanruf gestartet' },
};

const it: NoticeTexts = {
  someone: 'Qualcuno',
  aFan: 'Un fan',
  followed: { title: 'Nuovo follower', message: '{user} ha iniziato a seguirti.' },
  liked: {
    title: 'Nuovo mi piace',
    alone: 'A {user} piace il tuo post',
    others: {
      one: 'A {user} e ad altra {count} persona piace il tuo post',
      other: 'A {user} e ad altre {count} persone piace il tuo post',
    },
  },
  subscribed: {
    title: 'Nuovo abbonato',
    free: '{user} si è abbonato a te.',
    monthly: '{user} si è abbonato a te per {price}/mese.',
    months: '{user} si è abbonato a te per {price}, {months} mesi.',
  },
  trialStarted: {
    title: 'Nuovo abbonato',
    message: '{user} ha iniziato una prova gratuita di {days} giorni.',
  },
  subscriptionExpired: {
    title: 'Abbonamento scaduto',
    message:
      'Il tuo abbonamento a {creator} è scaduto: il tuo portafoglio non copriva {price}. Ricarica e abbonati di nuovo.',
  },
  priceRaised: {
    title: 'Prezzo dell’abbonamento aumentato',
    message:
      '{creator} ha aumentato il prezzo mensile a {newPrice}. Il tuo abbonamento continua a rinnovarsi a {price}; il nuovo prezzo vale solo se ti abboni di nuovo.',
  },
  tipped: {
    title: 'Nuova mancia',
    message: '{user} ti ha dato una mancia di {amount} (ricevi {share}).',
  },
  postUnlocked: {
    title: 'Post sbloccato',
    message: '{user} ha sbloccato il tuo post per {amount} (ricevi {share}).',
  },
  messageUnlocked: {
    title: 'Messaggio sbloccato',
    message: '{user} ha sbloccato il tuo messaggio per {amount} (ricevi {share}).',
  },
  commented: { title: 'Nuovo commento', message: '{user} ha commentato il tuo post: {excerpt}' },
  replied: { title: 'Nuova risposta', message: '{user} ha risposto al tuo commento: {excerpt}' },
  mentioned: {
    title: 'Nuova menzione',
    message: '{user} ti ha menzionato in un commento: {excerpt}',
  },
  applicationApproved: {
    title: 'Candidatura da creator approvata',
    message: 'La tua candidatura da creator è stata approvata!',
  },
  applicationRejected: {
    title: 'Candidatura da creator non approvata',
    message:
      'La tua candidatura da creator non è stata approvata: {reason} Puoi candidarti di nuovo.',
  },
  contentRemoved: {
    title: 'Contenuto rimosso',
    message: 'Un moderatore ha rimosso il tuo {target}: {note}',
    targets: { profile: 'profilo', post: 'post', message: 'messaggio', comment: 'commento' },
  },
  reportReviewed: {
    title: 'Segnalazione esaminata',
    dismissed:
      'Grazie per la segnalazione. Un moderatore l’ha esaminata e non ha trovato violazioni delle regole.',
    actioned: 'Grazie per la segnalazione. Un moderatore l’ha esaminata e ha preso provvedimenti.',
  },
  messageReceived: {
    title: 'Nuovo messaggio da {user}',
    locked: 'Messaggio bloccato · {price}',
    attachment: 'Ha inviato un allegato',
  },
  callStarted: { title: '{user} ti sta chiamando', message: '{user} ha avviato una videochiamata' },
};

export const NOTICE_TRANSLATIONS = { es, fr, de, it };
