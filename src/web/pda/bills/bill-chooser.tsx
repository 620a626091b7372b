import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Popup, Preloader } from 'konsta/react';
import { memo, useMemo, useState } from 'react';
import { type PdaBill, type PdaBillType, pdaQueries } from '../../api/queries/pda.ts';
import { useOnline } from '../../ui/use-online.ts';
import { CloseIcon } from '../pda-icons.tsx';
import { useWedge } from '../scan/use-wedge.ts';
import { BillLine } from './bill-line.tsx';
import { BILL_TEXTS } from './bill-texts.ts';

/**
 * Picks the bill a scan screen works on: the bills of the type not yet picked up (kept for offline
 * use), narrowed by typing part of a number, or chosen at once by scanning the bill's own label.
 */
export const BillChooser = memo(function BillChooser({
  type,
  opened,
  usable,
  onClose,
  onChoose,
  footer,
}: {
  type: PdaBillType;
  opened: boolean;
  usable: (bill: PdaBill) => boolean;
  onClose: () => void;
  onChoose: (bill: PdaBill) => void;
  footer?: React.ReactNode;
}) {
  const { t, i18n } = useLingui();
  const texts = BILL_TEXTS[type];
  return (
    <Popup opened={opened} onBackdropClick={onClose} data-testid="bill-chooser">
      {opened && (
        <div className="flex h-full flex-col bg-md-light-surface">
          <div className="flex min-h-14 items-center gap-2 px-2">
            <Button clear inline className="min-h-12 min-w-12" aria-label={t`Close`} onClick={onClose}>
              <CloseIcon />
            </Button>
            <h2 className="flex-1 truncate text-lg font-medium">{i18n._(texts.chooserTitle)}</h2>
          </div>
          <ChooserBody type={type} usable={usable} onChoose={onChoose} />
          {footer}
        </div>
      )}
    </Popup>
  );
});

function ChooserBody({
  type,
  usable,
  onChoose,
}: {
  type: PdaBillType;
  usable: (bill: PdaBill) => boolean;
  onChoose: (bill: PdaBill) => void;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const texts = BILL_TEXTS[type];
  const [filter, setFilter] = useState('');
  const bills = useQuery(pdaQueries.openBills(type));
  const shown = useMemo(() => {
    const wanted = filter.trim().toUpperCase();
    return (bills.data ?? []).filter((b) => usable(b) && (!wanted || b.no.toUpperCase().includes(wanted)));
  }, [bills.data, filter, usable]);

  // Scanning a bill's label chooses it.
  useWedge(({ code, field }) => {
    const bill = (bills.data ?? []).find((b) => b.no.toUpperCase() === code.toUpperCase() && usable(b));
    if (field) setFilter(bill ? '' : code);
    if (bill) onChoose(bill);
  });

  return (
    <>
      <div className="px-4 pb-2">
        <input
          type="search"
          data-testid="bill-filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t`Number, or scan the bill's label`}
          aria-label={t`Number, or scan the bill's label`}
          autoComplete="off"
          className="min-h-12 w-full rounded-xl border border-black/20 bg-white px-3 text-lg outline-none focus:border-md-light-primary"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {bills.isPending && (
          <div className="flex justify-center p-6">
            <Preloader />
          </div>
        )}
        {bills.isError && !bills.data && (
          <p className="p-4 text-base" role="alert">
            {online
              ? t`The bills could not be loaded.`
              : t`Offline: the bills have not been loaded on this device yet.`}
          </p>
        )}
        {bills.data && shown.length === 0 && <p className="p-4 text-base">{i18n._(texts.none)}</p>}
        <ul>
          {shown.map((bill) => (
            <li key={bill.id}>
              <button
                type="button"
                data-testid="bill-option"
                data-bill-no={bill.no}
                onClick={() => onChoose(bill)}
                className="flex min-h-16 w-full items-center gap-3 border-b border-black/10 px-4 py-2 text-start active:bg-black/5"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-mono text-lg font-medium">
                    <bdi>{bill.no}</bdi>
                  </span>
                  <BillLine line={bill.line} />
                </span>
                <span className="shrink-0 text-sm text-black/70">
                  {i18n._({ ...texts.count, values: { count: bill.count } })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
