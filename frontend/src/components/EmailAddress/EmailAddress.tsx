import { Fragment } from 'react';
import './EmailAddress.css';

/**
 * Where an address may wrap: before "@" and before each "." of the domain, so that a long address
 * breaks as typographers break it ("lea.muster-baumann / @bauunternehmung / .example.ch") and never
 * in the middle of a word while room is left. Returns the pieces to join with <wbr>.
 */
export function emailBreakPoints(address: string): string[] {
  const at = address.lastIndexOf('@');
  if (at <= 0) return [address];
  const local = address.slice(0, at);
  const [first = '', ...rest] = address.slice(at).split('.');
  return [local, first, ...rest.map((label) => `.${label}`)];
}

/**
 * An e-mail address that wraps at its natural points (see emailBreakPoints); only a single piece
 * longer than the line is cut anywhere. Copying it yields the address unchanged (<wbr> adds no text).
 */
export function EmailAddress({ address }: { address: string }) {
  const pieces = emailBreakPoints(address);
  return (
    <span className="email-address">
      {pieces.map((piece, index) => (
        // The pieces are positional: the same address always yields the same list.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
