cmake_minimum_required(VERSION 3.25)  # the policies of the project, in script mode
# Script mode, run after each build of a doctest program (see doctest_cases.cmake): lists its cases
# with doctest's XML reporter and writes CTEST_FILE, labelled ctest tests that run them.
# A ctest test is one process running a few cases of one suite (a whole `unit` suite, at most
# INTEGRATION_GROUP cases of an integration suite, a slow case alone): a process of the sanitized
# test program costs about 0.4 s to start, which one test per case paid 474 times.
# Names are kept as strings throughout, never as CMake lists, because a case name may hold ';'.
# Inputs: TEST_EXECUTABLE, WORKING_DIR, LABELS_FILE (UNIT_SUITES, SLOW_CASES), CTEST_FILE.
include("${LABELS_FILE}")

execute_process(COMMAND "${TEST_EXECUTABLE}" --list-test-cases --reporters=xml --no-version
                WORKING_DIRECTORY "${WORKING_DIR}"
                OUTPUT_VARIABLE listing
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "listing the cases of ${TEST_EXECUTABLE} failed (${status}):\n${listing}")
endif()

function(xml_unescape out text)
  if(text MATCHES "&#")
    message(FATAL_ERROR "a control character in the doctest case name '${text}'")
  endif()
  string(REPLACE "&lt;" "<" text "${text}")
  string(REPLACE "&gt;" ">" text "${text}")
  string(REPLACE "&quot;" "\"" text "${text}")
  string(REPLACE "&amp;" "&" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The value of attribute `name` in `element` (one <TestCase .../> element).
function(xml_attribute out element name)
  string(FIND "${element}" " ${name}=\"" start)
  if(start EQUAL -1)
    message(FATAL_ERROR "no ${name}= in '${element}'")
  endif()
  string(LENGTH " ${name}=\"" skip)
  math(EXPR start "${start} + ${skip}")
  string(SUBSTRING "${element}" ${start} -1 rest)
  string(FIND "${rest}" "\"" end)
  string(SUBSTRING "${rest}" 0 ${end} value)
  xml_unescape(value "${value}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# How many integration cases share a process: few enough that ctest still spreads them over the
# cores, enough to pay the start-up once for several.
set(INTEGRATION_GROUP 4)

# Writes the test of the cases gathered so far. A group of one keeps the case's own name (so
# `ctest -R` finds it); a larger one is named after its suite and first case.
macro(flush_group)
  if(group_size GREATER 0)
    if(group_size EQUAL 1)
      set(test_name "${group_first}")
    else()
      math(EXPR others "${group_size} - 1")
      set(test_name "${group_suite}: ${group_first} and ${others} more")
    endif()
    string(APPEND script
           "add_test([==[${test_name}]==] [==[${TEST_EXECUTABLE}]==] [==[--test-case=${group_filter}]==])\n"
           "set_tests_properties([==[${test_name}]==] PROPERTIES WORKING_DIRECTORY [==[${WORKING_DIR}]==]"
           " LABELS \"${group_labels}\" PROCESSORS ${group_processors}${group_cost})\n")
  endif()
  set(group_size 0)
endmacro()
set(group_size 0)
set(group_key "")

set(script "")
set(count 0)
set(seen "|")
set(rest "${listing}")
while(TRUE)
  string(FIND "${rest}" "<TestCase " start)
  if(start EQUAL -1)
    break()
  endif()
  string(SUBSTRING "${rest}" ${start} -1 rest)
  string(FIND "${rest}" "/>" end)
  string(SUBSTRING "${rest}" 0 ${end} element)
  string(SUBSTRING "${rest}" ${end} -1 rest)
  xml_attribute(name "${element}" name)
  xml_attribute(suite "${element}" testsuite)
  if(name MATCHES "[*?]")
    message(FATAL_ERROR "the doctest case name '${name}' holds '*' or '?', which doctest's filter "
                        "reads as a wildcard; rename it")
  endif()
  if(name MATCHES "]==]")
    message(FATAL_ERROR "the doctest case name '${name}' holds ']==]'")
  endif()
  # ctest needs unique names; doctest's filter, blind to case, would run both cases under either.
  string(TOLOWER "${name}" lower)
  string(FIND "${seen}" "|${lower}|" duplicate)
  if(NOT duplicate EQUAL -1)
    message(FATAL_ERROR "two doctest cases are named '${name}' (ignoring case); rename one")
  endif()
  string(APPEND seen "${lower}|")

  set(labels integration)
  set(processors 1)
  foreach(pattern IN LISTS UNIT_SUITES)
    if(suite MATCHES "${pattern}")
      set(labels unit)
    endif()
  endforeach()
  foreach(pattern IN LISTS SLOW_CASES)
    if(name MATCHES "${pattern}")
      string(APPEND labels ";slow")
      # Real-time waits and many processes: two of ctest's slots, so that fewer tests beside it
      # compete with its timing (scripts/test runs two tests per core).
      set(processors 2)
    endif()
  endforeach()

  # doctest's filter splits on ',' unless escaped, and reads '\' as the escape.
  string(REPLACE "\\" "\\\\" filter "${name}")
  string(REPLACE "," "\\," filter "${filter}")

  # Consecutive cases of one suite with the same labels share a process, up to the group's size.
  set(key "${suite}|${labels}")
  if(processors EQUAL 2 OR NOT key STREQUAL "${group_key}" OR group_size GREATER_EQUAL group_limit)
    flush_group()
    set(group_key "${key}")
    set(group_labels "${labels}")
    set(group_processors ${processors})
    set(group_suite "${suite}")
    set(group_limit ${INTEGRATION_GROUP})
    if(labels STREQUAL "unit")
      set(group_limit 1000)
    endif()
    set(group_cost "")
    if(processors EQUAL 2)
      set(group_key "")  # a slow case runs alone
      # Started early: needing two free slots, slow cases left last ran one after another.
      set(group_cost " COST 30")
    endif()
  endif()
  if(group_size EQUAL 0)
    set(group_first "${name}")
    set(group_filter "${filter}")
  else()
    string(APPEND group_filter ",${filter}")
  endif()
  math(EXPR group_size "${group_size} + 1")
  math(EXPR count "${count} + 1")
endwhile()
flush_group()

string(REGEX MATCH "<OverallResultsTestCases unskipped=\"([0-9]+)\"" total "${listing}")
if(NOT CMAKE_MATCH_1 STREQUAL "${count}")
  message(FATAL_ERROR "read ${count} doctest cases of ${TEST_EXECUTABLE}, it lists ${CMAKE_MATCH_1}")
endif()
file(WRITE "${CTEST_FILE}" "${script}")
