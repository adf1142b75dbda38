import { commentPieces } from '@zura/contracts';
import { Link } from 'react-router';

/** A comment's text with each `@username` linked to that profile. */
export function CommentText({ content }: { content: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
      {commentPieces(content).map((piece, index) =>
        'mention' in piece ? (
          <Link
            key={index}
            to={`/profile/${encodeURIComponent(piece.mention)}`}
            className="font-medium text-violet-700 hover:underline"
          >
            @{piece.mention}
          </Link>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </p>
  );
}
