import { useState, type SyntheticEvent } from 'react';
import { Anchor, Text, Tooltip, type TextProps } from '@mantine/core';
import { Link } from 'react-router';

interface TruncatedTextProps extends Omit<TextProps, 'truncate' | 'children'> {
  /** The text, on one line. */
  children: string;
  /** The whole text, when `children` is already shortened (a group name cut at 30). */
  full?: string;
  /** Where the text leads (a row's name that opens it). */
  to?: string;
  /** What a click on the text does (a folder's name that enters it). */
  onClick?: () => void;
}

/** Whether the element's text is cut by its box (or was shortened before it). */
const isCut = (element: HTMLElement, shortened: boolean) =>
  shortened || element.scrollWidth > element.clientWidth;

/**
 * One line of text cut with an ellipsis where its cell or card ends, however long the word
 * (docs/adr/0084): a 120-character name never pushes the row's actions out of view. Pointed at
 * or focused while cut, it shows the whole text in a tooltip.
 */
export function TruncatedText(props: TruncatedTextProps) {
  const { children, full = children, to, onClick, ...textProps } = props;
  const [opened, setOpened] = useState(false);
  const show = (event: SyntheticEvent<HTMLElement>) =>
    setOpened(isCut(event.currentTarget, full !== children));
  const hide = () => setOpened(false);
  const handlers = { onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide };
  const link = {
    truncate: 'end',
    display: 'inline-block',
    maw: '100%',
    style: { verticalAlign: 'top', textAlign: 'left' },
    ...textProps,
    ...handlers,
  } as const;

  return (
    <Tooltip label={full} opened={opened} multiline maw={360} style={{ overflowWrap: 'anywhere' }}>
      {to !== undefined ? (
        <Anchor component={Link} to={to} {...link}>
          {children}
        </Anchor>
      ) : onClick ? (
        <Anchor component="button" type="button" onClick={onClick} {...link}>
          {children}
        </Anchor>
      ) : (
        <Text truncate="end" {...textProps} {...handlers}>
          {children}
        </Text>
      )}
    </Tooltip>
  );
}
