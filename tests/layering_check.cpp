// Linked with the whole of gpuprice_analysis and only the libraries analysis may use (domain and
// rules): if any analysis object calls a store, SQLite or libcurl, this program fails to link.
int main() {
    return 0;
}
