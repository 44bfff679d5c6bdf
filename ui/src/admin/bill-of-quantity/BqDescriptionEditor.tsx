// The BQ grid's description cell editor: a combobox (ARIA 1.2 combobox with a list popup, as the document
// line pickers) that searches the company's catalogue as the user types (GET /api/catalogue-items, the first
// 10 active items matching, from 2 characters), while any text typed is still saved as it is. No option is
// active until ArrowDown or ArrowUp: Enter and Tab then pick it (bq-catalogue-pick.ts says what a pick
// writes); with none active they save the text as typed. Escape closes the list first, then cancels the edit.
// The list is a popup outside the grid's rows (they clip), and a click on an option keeps the input's focus.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslate } from 'react-admin';
import { Paper, Popper, Typography } from '@mui/material';
import type { CatalogueItemRow } from '@binaan/contracts';
import { catalogueSuggestions } from '../catalogue-items/catalogue-items-api.js';
import { formatMoney } from '../format.js';

const MIN_CHARS = 2;
const DELAY_MS = 250;

export function BqDescriptionEditor({
  inputRef,
  value,
  label,
  errorId,
  invalid,
  onChange,
  onKeyDown,
  onBlur,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  label: string;
  errorId: string | undefined;
  invalid: boolean;
  onChange: (value: string) => void;
  /** The grid's own editor keys (Enter and Tab save, Escape cancels), for what the list does not take. */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  /** An item picked: `then` where the grid moves after (Enter: down, Tab: right or left). */
  onPick: (item: CatalogueItemRow, then: 'down' | 'right' | 'left') => void;
}) {
  const translate = useTranslate();
  const listId = useId();
  const [options, setOptions] = useState<CatalogueItemRow[]>([]);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  // A pick ends the edit and hands the focus back to the grid: the blur that follows must not save the typed text too.
  const picked = useRef(false);
  const pick = (item: CatalogueItemRow, then: 'down' | 'right' | 'left') => {
    picked.current = true;
    onPick(item, then);
  };

  useEffect(() => {
    if (value.trim().length < MIN_CHARS) {
      setOptions([]);
      setHighlight(-1);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      // A caller who may not read the catalogue, or a failed search, gets no suggestions and types as before.
      catalogueSuggestions(value.trim())
        .catch((): CatalogueItemRow[] => [])
        .then(
          (found) => {
            if (!live) return;
            setOptions(found);
            setHighlight(-1);
            setOpen(found.length > 0);
          },
          () => undefined,
        );
    }, DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value]);

  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      if (options.length === 0) return;
      setOpen(true);
      const down = event.key === 'ArrowDown';
      setHighlight((current) =>
        !expanded || current < 0 ? (down ? 0 : options.length - 1) : (current + (down ? 1 : -1) + options.length) % options.length,
      );
      return;
    }
    if (expanded && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setHighlight(-1);
      return;
    }
    const chosen = expanded && highlight >= 0 ? options[highlight] : undefined;
    if (chosen && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      event.stopPropagation();
      pick(chosen, event.key === 'Enter' ? 'down' : event.shiftKey ? 'left' : 'right');
      return;
    }
    onKeyDown(event);
  };

  return (
    <>
      <input
        ref={inputRef}
        className="bq-input"
        value={value}
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && highlight >= 0 ? optionId(highlight) : undefined}
        aria-invalid={invalid}
        aria-describedby={errorId}
        data-testid="bq-editor"
        autoComplete="off"
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKey}
        onBlur={() => {
          if (!picked.current) onBlur();
        }}
      />
      <Popper open={expanded} anchorEl={inputRef.current} placement="bottom-start" style={{ zIndex: 1300 }}>
        <Paper elevation={8} sx={{ maxHeight: 320, overflowY: 'auto', minWidth: 320, maxWidth: 480 }}>
          <ul
            id={listId}
            role="listbox"
            aria-label={translate('admin.bq.catalogueList')}
            data-testid="bq-catalogue-list"
            style={{ listStyle: 'none', margin: 0, padding: '4px 0' }}
          >
            {options.map((item, index) => (
              <Typography
                key={item.id}
                component="li"
                id={optionId(index)}
                role="option"
                aria-selected={index === highlight}
                data-testid="bq-catalogue-option"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item, 'down')}
                sx={{
                  px: 2,
                  py: 0.75,
                  cursor: 'pointer',
                  fontSize: 14,
                  bgcolor: index === highlight ? 'action.selected' : undefined,
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <span style={{ fontWeight: 600 }}>{item.name}</span>
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  {[item.code, item.unit, item.unitPrice ? formatMoney(item.unitPrice) : ''].filter(Boolean).join(' · ')}
                </Typography>
              </Typography>
            ))}
          </ul>
        </Paper>
      </Popper>
    </>
  );
}
