import { useDocumentTitle } from '@/lib/use-document-title';
import { Card } from '@/ui/card';
import { WalletIcon } from '@/ui/icons';
import './wallet.css';

export function WalletPage() {
  useDocumentTitle('My Wallet');
  return (
    <Card title="My Wallet">
      <div className="placeholder">
        <span className="placeholder__icon">
          <WalletIcon size={28} />
        </span>
        <p>Your wallet is on its way. Balances and payouts will show here.</p>
      </div>
    </Card>
  );
}
