// The offline page's script (offline.html; the site's CSP allows no inline script). Retry, or the connection coming
// back, loads the address the player asked for again, its #/route included.
const retry = () => location.reload();
document.getElementById('retry').addEventListener('click', retry);
window.addEventListener('online', retry);
