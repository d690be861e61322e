import './app-footer.css';

export function AppFooter({ onOpenRules, onContactAdmin }: { onOpenRules: () => void; onContactAdmin: () => void }) {
  return (
    <footer className="app-footer">
      <span>© {new Date().getFullYear()} Pick'em</span>
      <div className="app-footer__links">
        <button type="button" className="link-button" onClick={onOpenRules}>
          Rules Description
        </button>
        <button type="button" className="link-button" onClick={onContactAdmin}>
          Contact Admin
        </button>
      </div>
    </footer>
  );
}
