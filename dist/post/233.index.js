export const id = 233;
export const ids = [233];
export const modules = {

/***/ 2233:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   removeLeftoverPartials: () => (/* binding */ removeLeftoverPartials)
/* harmony export */ });
/* unused harmony export PARTIAL_PREFIX */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
// The staging folders (`.ci-run-partial-*`) that downloads write into before a folder is complete.


const PARTIAL_PREFIX = '.ci-run-partial-';
/**
 * Removes every staging folder left in the artifacts root (a killed job leaves them; the post step calls
 * this). Returns how many were removed. A root that does not exist, or is not a folder, has none.
 */
async function removeLeftoverPartials(root) {
    const stat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(root).catch(() => undefined);
    if (stat === undefined || !stat.isDirectory())
        return 0;
    const names = (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(root)).filter((name) => name.startsWith(PARTIAL_PREFIX));
    // rm removes a link itself, never what it points at.
    await Promise.all(names.map((name) => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.rm)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(root, name), { recursive: true, force: true })));
    return names.length;
}


/***/ })

};
