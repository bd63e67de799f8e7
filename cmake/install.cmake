# What `cmake --install` puts where (GNUInstallDirs), the build tree's mirror of it, and the .deb.
#
#   bin/gpuprice, bin/gpuprice-nightly (scripts/nightly)
#   share/gpuprice/catalog/, share/gpuprice/sample-data/   found relative to bin/gpuprice
#   share/man/man1/gpuprice.1, share/bash-completion/completions/gpuprice
#   share/doc/gpuprice/ (README, ARCHITECTURE), lib/systemd/user/gpuprice-nightly.{service,timer}

install(TARGETS gpuprice RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/nightly DESTINATION ${CMAKE_INSTALL_BINDIR}
        RENAME gpuprice-nightly)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/schema/catalog/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuprice/catalog FILES_MATCHING PATTERN "*.csv")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/scripts/sample-data/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuprice/sample-data FILES_MATCHING PATTERN "*.json")
install(FILES ${PROJECT_SOURCE_DIR}/cli/gpuprice.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/cli/gpuprice.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME gpuprice)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/ARCHITECTURE.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
# systemd looks for user units in <prefix>/lib/systemd/user, not in the multiarch libdir.
install(FILES ${PROJECT_SOURCE_DIR}/scripts/systemd/gpuprice-nightly.service
              ${PROJECT_SOURCE_DIR}/scripts/systemd/gpuprice-nightly.timer
        DESTINATION lib/systemd/user)

# The build tree mirrors the installed data layout with links to the sources, so build/cli/gpuprice
# (scripts/demo, the tests) finds the catalog and the sample the same way an installed one does.
cmake_path(APPEND CMAKE_BINARY_DIR cli ${GPUPRICE_DATADIR_FROM_BINDIR} OUTPUT_VARIABLE build_datadir)
cmake_path(NORMAL_PATH build_datadir)
file(MAKE_DIRECTORY ${build_datadir})
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/schema/catalog ${build_datadir}/catalog SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/scripts/sample-data ${build_datadir}/sample-data SYMBOLIC)

# The Debian package (scripts/package). dpkg-shlibdeps derives the library dependencies from the
# binary, so they name the versions this machine built against.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gpuprice)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "nightly eBay GPU prices with tensor FLOPS per dollar, as CSV reports")
set(CPACK_PACKAGE_DESCRIPTION
    "gpuprice pulls graphics-card listings from the eBay Browse API into SQLite, matches each to a
GPU model, joins it with architecture-aware tensor-FLOPS specs and writes CSV reports: median
price and GFLOPS per USD, ranked within VRAM classes. `gpuprice recommend` advises what to buy.")
set(CPACK_PACKAGE_CONTACT "gpuprice maintainers <gpuprice@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Beyond what dpkg-shlibdeps finds: CURLOPT_PROTOCOLS_STR is an option, not a symbol, so the
# libcurl 7.85 it needs is stated here; TLS to api.ebay.com needs the CA certificates; flock
# (gpuprice-nightly) is in util-linux.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libcurl4 (>= 7.85.0), ca-certificates, util-linux")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "man-db, bash-completion")
include(CPack)
