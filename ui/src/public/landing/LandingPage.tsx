import { useEffect, useState } from 'react';
import { fetchHealth, describeHealth, type HealthView } from '../../shared/health.js';

export function LandingPage() {
  const [health, setHealth] = useState<HealthView>({ state: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    fetchHealth(controller.signal).then(setHealth);
    return () => controller.abort();
  }, []);

  return (
    <div className="page">
      <header className="header">
        <span className="brand">Binaan</span>
      </header>
      <main className="hero">
        <h1>Building Malaysia, on the record.</h1>
        <p>
          Verify event certificates by QR code, join industry events, and move tenders, orders and claims
          through audited approvals.
        </p>
      </main>
      <footer className="footer">
        <span role="status" className={`status status-${health.state}`}>
          {describeHealth(health)}
        </span>
      </footer>
    </div>
  );
}
