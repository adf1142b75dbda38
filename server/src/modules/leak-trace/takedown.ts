import type { LeakTraceRow } from '../../db/schema/index.ts';

/**
 * A takedown notice filled in for a trace that named an account: the work (the post's address
 * on this instance), the evidence that the leaked copy is the one served to that account, and
 * the statements a DMCA notice (17 U.S.C. 512(c)(3)) and most hosts' forms ask for. What only
 * the sender knows (where the copy was found, their legal name and address, the signature) is
 * left as bracketed blanks to fill in. Plain text: it is pasted into a host's form or a mail.
 */
export function takedownNotice(input: {
  trace: LeakTraceRow;
  publicUrl: string;
  post: { id: number; createdAt: Date } | undefined;
  owner: { username: string; email: string };
}): string {
  const { trace, publicUrl, post, owner } = input;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const work = post
    ? `${publicUrl}/posts/${post.id} (published ${day(post.createdAt)})`
    : `a paid message sent on ${publicUrl} (message ${trace.messageId})`;
  const served = trace.recipientUsername
    ? `the account "${trace.recipientUsername}"${trace.recipientId === null ? ' (since deleted)' : ` (id ${trace.recipientId})`}`
    : 'an account since deleted';
  const chance = trace.falseMatchProbability ?? 1;
  return [
    'NOTICE OF COPYRIGHT INFRINGEMENT (TAKEDOWN REQUEST)',
    '',
    `Date: ${day(new Date())}`,
    'To: [the host, site or service where the copy appears]',
    '',
    '1. The copyrighted work',
    `   ${work}, created by ${owner.username}, available only to paying subscribers or buyers.`,
    '',
    '2. The infringing material',
    '   [the address (URL) of each page or file where the copy appears]',
    '',
    '3. How the copy is identified',
    `   Every copy of this work served by ${publicUrl} carries an invisible mark naming the`,
    `   account it was served to. The copy found carries the mark of ${served}.`,
    `   Leak trace ${trace.id} of ${day(trace.createdAt)}: ${trace.bitsAgreeing ?? 0} of ${trace.bitsTotal ?? 0} code bits read`,
    `   clearly; the chance that an unmarked or unrelated image reads so is ${chance.toExponential(1)}.`,
    `   The file examined had SHA-256 ${trace.suspectSha256}.`,
    '',
    '4. Statements',
    '   I have a good faith belief that use of the material in the manner complained of is not',
    '   authorized by the copyright owner, its agent, or the law.',
    '   The information in this notice is accurate, and under penalty of perjury, I am the owner,',
    '   or authorized to act on behalf of the owner, of an exclusive right that is allegedly',
    '   infringed.',
    '',
    '5. Contact',
    `   ${owner.username}${owner.email ? ` <${owner.email}>` : ''}`,
    '   [legal name, postal address and telephone number]',
    '',
    'Signature: [name]',
    '',
  ].join('\n');
}
