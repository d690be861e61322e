import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon, CheckIcon, SearchIcon } from './icons';
import { useAnchoredPosition } from './use-anchored-position';
import { useOutsidePress } from './use-outside-press';
import './field.css';
import './select.css';

export interface SelectOption<Value extends string | number> {
  value: Value;
  label: string;
}

export interface SelectProps<Value extends string | number> {
  label: string;
  /** Keeps the label for screen readers only, where the context already says what is chosen. */
  hideLabel?: boolean;
  options: readonly SelectOption<Value>[];
  value: Value | undefined;
  onChange: (value: Value) => void;
  placeholder?: string;
  /** Adds a search box filtering the options by their shown text, ignoring case. */
  searchable?: boolean;
  searchPlaceholder?: string;
  disabled?: boolean;
  error?: string | undefined;
  className?: string;
}

/**
 * A dropdown select: a button showing the choice and a popup list, optionally searchable
 * (docs/rules.md, Tables and selects).
 * Keyboard: arrows and Home/End move, Enter picks, Escape closes and returns to the button.
 */
export function Select<Value extends string | number>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  placeholder = 'Select By',
  searchable = true,
  searchPlaceholder = 'Search...',
  disabled = false,
  error,
  className,
}: SelectProps<Value>) {
  const id = useId();
  const ids = {
    label: `${id}-label`,
    button: `${id}-button`,
    value: `${id}-value`,
    list: `${id}-list`,
    error: `${id}-error`,
  };
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = options.find((option) => option.value === value);
  const filtered = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  }, [options, query]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const closeOnOutsidePress = useCallback(() => close(false), [close]);
  const outsideRefs = useMemo(() => [rootRef], []);
  useOutsidePress(outsideRefs, closeOnOutsidePress, open);

  const openList = (from: 'selected' | 'last' = 'selected') => {
    const selectedIndex = options.findIndex((option) => option.value === value);
    setActiveIndex(from === 'last' ? options.length - 1 : Math.max(0, selectedIndex));
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    (searchable ? searchRef.current : listRef.current)?.focus();
  }, [open, searchable]);

  const popupStyle = useAnchoredPosition(buttonRef, open, { width: 'anchor', minWidth: 200 });

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex]);

  const choose = (option: SelectOption<Value> | undefined) => {
    if (!option) return;
    close(true);
    if (option.value !== value) onChange(option.value);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList(event.key === 'ArrowUp' ? 'last' : 'selected');
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const last = filtered.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, activeIndex + 1),
      ArrowUp: () => Math.max(0, activeIndex - 1),
      Home: () => 0,
      End: () => last,
      PageDown: () => Math.min(last, activeIndex + 5),
      PageUp: () => Math.max(0, activeIndex - 5),
    };
    const move = moves[event.key];
    // In the search box Home and End move the caret instead.
    if (move && !(searchable && (event.key === 'Home' || event.key === 'End'))) {
      event.preventDefault();
      setActiveIndex(move());
    } else if (event.key === 'Enter' || (event.key === ' ' && !searchable)) {
      event.preventDefault();
      choose(filtered[activeIndex]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const activeId = filtered[activeIndex] ? `${id}-option-${activeIndex}` : undefined;

  return (
    <div ref={rootRef} className={['ui-field', 'ui-select', className].filter(Boolean).join(' ')}>
      <label id={ids.label} htmlFor={ids.button} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <button
        ref={buttonRef}
        id={ids.button}
        type="button"
        className="ui-select__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? ids.list : undefined}
        aria-labelledby={`${ids.label} ${ids.value}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <span id={ids.value} className={selected ? 'ui-select__value' : 'ui-select__placeholder'}>
          {selected?.label ?? placeholder}
        </span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div className="ui-select__popup" style={popupStyle}>
          {searchable && (
            <div className="ui-select__search">
              <SearchIcon size={16} />
              <input
                ref={searchRef}
                type="text"
                role="combobox"
                aria-label={`${label}: ${searchPlaceholder}`}
                aria-expanded="true"
                aria-controls={ids.list}
                aria-autocomplete="list"
                aria-activedescendant={activeId}
                placeholder={searchPlaceholder}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActiveIndex(0);
                }}
                onKeyDown={onListKeyDown}
              />
            </div>
          )}
          <ul
            ref={listRef}
            id={ids.list}
            role="listbox"
            aria-labelledby={ids.label}
            aria-activedescendant={searchable ? undefined : activeId}
            tabIndex={searchable ? -1 : 0}
            className="ui-select__list"
            onKeyDown={searchable ? undefined : onListKeyDown}
          >
            {filtered.map((option, index) => (
              <li
                key={option.value}
                id={`${id}-option-${index}`}
                data-index={index}
                role="option"
                aria-selected={option.value === value}
                className={['ui-select__option', index === activeIndex && 'ui-select__option--active']
                  .filter(Boolean)
                  .join(' ')}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(option)}
              >
                <span>{option.label}</span>
                {option.value === value && <CheckIcon size={16} />}
              </li>
            ))}
          </ul>
          {filtered.length === 0 && <p className="ui-select__empty">No matches</p>}
        </div>
      )}
      {error && (
        <p className="ui-field__error" id={ids.error}>
          {error}
        </p>
      )}
    </div>
  );
}
