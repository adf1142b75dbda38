/** English texts of the leak tracer (/creator/leak-tracer and the admin's tab, issue 35). */
export const leakTraceText = {
  leakTrace: {
    title: 'Leak tracer',
    subtitle: 'Found a copy of your image or video outside Zura? Find out whom it was served to.',
    creatorsOnly: 'Only creators can trace leaks of their content.',
    pick: {
      title: 'The copy to trace',
      dropHere: 'Choose or drop a file',
      dropNow: 'Drop the file to trace it',
      orPaste: 'or paste a screenshot',
      allowed:
        'Images (JPEG, PNG, WebP or GIF) up to {{imageMax}} MB, videos (MP4, MOV, WebM or MKV) up to {{videoMax}} GB',
      choose: 'Choose a file',
      input: 'File to trace',
      preview: 'The file to trace: {{name}}',
      trace: 'Trace',
      tracing: 'Tracing...',
      uploading: 'Sending the file',
      reading: 'Reading the mark…',
    },
    result: {
      servedTo: 'This copy was served to @{{username}}',
      openProfile: 'Open the profile of @{{username}}',
      confidence: 'Confidence: {{percent}}',
      evidence:
        '{{agreeing}} of {{total}} code bits read clearly; chance of a false match {{chance}}',
      segmentEvidence:
        '{{agreeing}} of {{total}} segments carry the code of @{{username}}; chance of a false match {{chance}}',
      segmentEvidenceDeleted:
        '{{agreeing}} of {{total}} segments carry the code of the account it was served to; chance of a false match {{chance}}',
      openPost: 'Open the post',
      inMessage: 'The image was sent in a message.',
      inMessageVideo: 'The video was sent in a message.',
      traceId: 'Trace #{{id}}',
      recipientDeleted:
        'This copy carries a mark, but the account it was served to has been deleted.',
      noMarkFound:
        'This looks like one of your images or videos, but no mark could be read. It may be a copy of the unmarked original, or too degraded.',
      noMarkFoundAdmin:
        'This looks like an image or a video on Zura, but no mark could be read. It may be a copy of the unmarked original, or too degraded.',
      videoTooShort:
        'A video shorter than about a minute and a half may carry too few segments to name anyone.',
      noMatchingUpload: 'None of your marked images or videos looks like this file.',
      noMatchingUploadAdmin: 'No marked image or video on Zura looks like this file.',
      actions: 'What to do about @{{username}}',
    },
    report: {
      button: 'Report this account',
      sending: 'Reporting...',
      done: 'Reported',
      details: 'Leak tracer, trace #{{id}}: a copy of my content served to this account was found.',
      failed: 'The report could not be sent. Please try again.',
    },
    takedown: {
      button: 'Download takedown notice',
      failed: 'The takedown notice could not be downloaded. Please try again.',
    },
    errors: {
      notTraceable:
        'The leak tracer reads images and videos: choose a JPEG, PNG, WebP or GIF image, or an MP4, MOV, WebM or MKV video.',
      imageTooLarge: 'The image is too large to trace. Maximum size: {{max}} MB.',
      videoTooLarge: 'The video is too large to trace. Maximum size: {{max}} GB.',
      tooLarge:
        'The file is too large to trace: images up to {{imageMax}} MB, videos up to {{videoMax}} GB.',
      chooseFile: 'Choose the file to trace.',
      rateLimited: 'You have traced many files in the last hour. Please try again later.',
      offline: 'The file could not be sent. Check your connection and try again.',
      failed: 'The file could not be traced. Please try again.',
    },
    about: {
      title: 'How it works',
      marked:
        'Every copy of a subscriber-only, locked or paid image that Zura serves carries an invisible mark naming the account it was served to.',
      survives:
        'The mark survives recompression, resizing, cropping, screenshots and mild colour changes.',
      breaks:
        'It does not survive heavy edits such as large rotations, mirroring, strong filters or re-drawing.',
      videos:
        "Every copy of a subscriber-only, locked or paid video is its viewer's own sequence of marked and unmarked segments. The mark survives re-encoding and resizing of the whole video; cutting the video short or editing it can leave too few segments to name anyone.",
      publicImages: 'Public images and videos are not marked, so their copies cannot be traced.',
      admin: 'As an admin, a trace looks through the marked images and videos of every creator.',
    },
  },
};
