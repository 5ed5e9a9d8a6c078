import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, emailBreakPoints } from '@/components/EmailAddress/EmailAddress';

describe('emailBreakPoints', () => {
  it.each<[string, string[]]>([
    ['lea@example.ch', ['lea', '@example', '.ch']],
    [
      'lea.muster-baumann@bauunternehmung-muster.example.ch',
      ['lea.muster-baumann', '@bauunternehmung-muster', '.example', '.ch'],
    ],
    ['"a@b"@example.ch', ['"a@b"', '@example', '.ch']],
    ['no-at-sign', ['no-at-sign']],
    ['@example.ch', ['@example.ch']],
    ['', ['']],
  ])('%s', (address, want) => {
    expect(emailBreakPoints(address)).toEqual(want);
    expect(emailBreakPoints(address).join('')).toBe(address);
  });
});

describe('EmailAddress', () => {
  it('reads as the address and offers breaks only before @ and the dots', () => {
    const { container } = render(<EmailAddress address="lea.muster@bau.example.ch" />);
    const span = container.querySelector('.email-address');
    expect(span).toHaveTextContent('lea.muster@bau.example.ch');
    expect(span?.querySelectorAll('wbr')).toHaveLength(3);
    expect(span?.innerHTML).toBe('lea.muster<wbr>@bau<wbr>.example<wbr>.ch');
  });
});
