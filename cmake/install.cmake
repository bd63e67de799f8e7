# What `cmake --install` puts where (GNUInstallDirs), the build tree's mirror of it, and the .deb.
#
#   bin/gpuprice, bin/gpuprice-nightly (scripts/nightly)
#   share/gpuprice/catalog/, share/gpuprice/sample-data/   found relative to bin/gpuprice
#   share/man/man1/gpuprice.1 (and gpuprice-nightly.1, which sources it), share/bash-completion/completions/gpuprice
#   share/doc/gpuprice/ (README, ARCHITECTURE), the systemd user units gpuprice-nightly.{service,timer}
#   in lib/systemd/user (/usr, /usr/local) or share/systemd/user (any other prefix, e.g. ~/.local)

install(TARGETS gpuprice RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/nightly DESTINATION ${CMAKE_INSTALL_BINDIR}
        RENAME gpuprice-nightly)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/schema/catalog/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuprice/catalog FILES_MATCHING PATTERN "*.csv")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/scripts/sample-data/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuprice/sample-data FILES_MATCHING PATTERN "*.json")
install(FILES ${PROJECT_SOURCE_DIR}/cli/gpuprice.1 ${PROJECT_SOURCE_DIR}/cli/gpuprice-nightly.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/cli/gpuprice.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME gpuprice)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/ARCHITECTURE.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The systemd user units, decided when installing (`cmake --install --prefix` may name another
# prefix than configure did): the service's ExecStart names the installed gpuprice-nightly by its
# absolute path (systemd does not search ~/.local/bin, and cron's PATH lacks /usr/local/bin), and
# the units go where the user manager looks for that prefix: <prefix>/lib/systemd/user for /usr
# and /usr/local (systemd's own folders; not the multiarch libdir), else
# <prefix>/share/systemd/user ($XDG_DATA_HOME/systemd/user for ~/.local, $XDG_DATA_DIRS for the
# rest).
install(CODE "
  set(prefix \"\${CMAKE_INSTALL_PREFIX}\")
  if(prefix STREQUAL \"/usr\" OR prefix STREQUAL \"/usr/local\")
    set(units \"\${prefix}/lib/systemd/user\")
  else()
    set(units \"\${prefix}/${CMAKE_INSTALL_DATADIR}/systemd/user\")
  endif()
  if(IS_ABSOLUTE \"${CMAKE_INSTALL_BINDIR}\")
    set(nightly \"${CMAKE_INSTALL_BINDIR}/gpuprice-nightly\")
  else()
    set(nightly \"\${prefix}/${CMAKE_INSTALL_BINDIR}/gpuprice-nightly\")
  endif()
  file(READ \"${PROJECT_SOURCE_DIR}/scripts/systemd/gpuprice-nightly.service\" service)
  string(REPLACE \"ExecStart=gpuprice-nightly\" \"ExecStart=\${nightly}\" service \"\${service}\")
  file(WRITE \"\$ENV{DESTDIR}\${units}/gpuprice-nightly.service\" \"\${service}\")
  file(INSTALL \"${PROJECT_SOURCE_DIR}/scripts/systemd/gpuprice-nightly.timer\"
       DESTINATION \"\${units}\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${units}/gpuprice-nightly.service (ExecStart=\${nightly})\")
")

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
